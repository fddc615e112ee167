/** NATS header carrying the request's correlation id from the gateway through every hop. */
export const CORRELATION_ID_HEADER = 'Correlation-Id';
/** HTTP header a client may set to choose the correlation id; echoed on every response. */
export const HTTP_REQUEST_ID_HEADER = 'x-request-id';
/**
 * NATS header naming the object-store entry that holds a message's body when the body is larger than one NATS
 * message. Set and read by the messaging library only: handlers never see whether a payload travelled this way.
 */
export const PAYLOAD_OBJECT_HEADER = 'Wh-Payload-Object';
