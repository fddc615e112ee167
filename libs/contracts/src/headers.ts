/** NATS header carrying the request's correlation id from the gateway through every hop. */
export const CORRELATION_ID_HEADER = 'Correlation-Id';
/** HTTP header a client may set to choose the correlation id; echoed on every response. */
export const HTTP_REQUEST_ID_HEADER = 'x-request-id';
