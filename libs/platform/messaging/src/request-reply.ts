import { headers as natsHeaders, type Msg, type Subscription } from 'nats';
import {
  CORRELATION_ID_HEADER,
  ErrorCode,
  type RequestPayload,
  type RequestReply,
  type RequestSubject,
  type WireError,
} from '@wh/contracts';
import { DomainError, toDomainError } from '@wh/platform/errors';
import { currentCorrelationId, type Logger, withCorrelationId } from '@wh/platform/logging';
import { decodeJson, decodePayload, encodeJson } from './codec';
import type { NatsClient } from './nats-client';

type ReplyEnvelope<T> = { ok: true; data: T } | { ok: false; error: WireError };

/** Sends short bounded calls to whichever replica of the owning service answers first. */
export class NatsRequester {
  constructor(private readonly nats: NatsClient) {}

  async request<S extends RequestSubject>(
    subject: S,
    payload: RequestPayload<S>,
    timeoutMs = 5_000,
  ): Promise<RequestReply<S>> {
    const headers = natsHeaders();
    const correlationId = currentCorrelationId();
    if (correlationId) headers.set(CORRELATION_ID_HEADER, correlationId);
    let reply: Msg;
    try {
      reply = await this.nats.connection.request(this.nats.namespace.subject(subject), encodeJson(payload), {
        timeout: timeoutMs,
        headers,
      });
    } catch (error) {
      throw new DomainError(ErrorCode.ServiceUnavailable, `no answer on ${subject}: ${String(error)}`, undefined, true);
    }
    const envelope = decodeJson<ReplyEnvelope<RequestReply<S>>>(reply.data);
    if (!envelope.ok) throw DomainError.fromWire(envelope.error);
    return envelope.data;
  }
}

export type RequestHandler<T> = (payload: T) => Promise<unknown>;

/**
 * Serves one request subject through the service's queue group, so replicas share the load and each
 * request is answered once. Failures travel back as wire errors.
 */
export function serveRequests<T extends object>(
  nats: NatsClient,
  logger: Logger,
  subject: string,
  payloadClass: new () => T,
  handler: RequestHandler<T>,
): Subscription {
  return nats.connection.subscribe(nats.namespace.subject(subject), {
    queue: nats.namespace.queueGroup(nats.serviceName),
    callback: (error, message) => {
      if (error) {
        logger.error({ err: error, subject }, 'request subscription failed');
        return;
      }
      void withCorrelationId(message.headers?.get(CORRELATION_ID_HEADER), async () => {
        let envelope: ReplyEnvelope<unknown>;
        try {
          const payload = await decodePayload(payloadClass, message.data);
          envelope = { ok: true, data: await handler(payload) };
        } catch (failure) {
          const domainError = toDomainError(failure);
          if (domainError.code === ErrorCode.Internal) logger.error({ err: failure, subject }, 'request failed');
          envelope = { ok: false, error: domainError.toWire() };
        }
        try {
          message.respond(encodeJson(envelope));
        } catch (failure) {
          // Most likely a reply over the server's max payload: the caller gets a reason instead of a timeout.
          const tooLarge = new DomainError(ErrorCode.PayloadTooLarge, `reply on ${subject} could not be sent: ${String(failure)}`);
          message.respond(encodeJson({ ok: false, error: tooLarge.toWire() }));
        }
      });
    },
  });
}
