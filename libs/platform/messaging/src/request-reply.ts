import type { Msg, Subscription } from 'nats';
import {
  CORRELATION_ID_HEADER,
  ErrorCode,
  type RequestPayload,
  type RequestReply,
  type RequestSubject,
  type WireError,
} from '@wh/contracts';
import { DomainError, toDomainError } from '@wh/platform/errors';
import { type Logger, withCorrelationId } from '@wh/platform/logging';
import { extractTraceContext, inSpan, SpanKind } from '@wh/platform/telemetry';
import { messagingAttributes } from './jetstream-publisher';
import type { NatsClient } from './nats-client';
import { outgoingHeaders } from './outgoing-headers';

type ReplyEnvelope<T> = { ok: true; data: T } | { ok: false; error: WireError };

export interface AddressingOptions {
  /**
   * One replica's id: the request goes to `<subject>.<id>`, which only that replica serves (no queue group), for
   * work that must reach the process holding some state (a browser session).
   */
  addressedTo?: string;
}

function wireSubject(nats: NatsClient, subject: string, options: AddressingOptions): string {
  return nats.namespace.subject(options.addressedTo ? `${subject}.${options.addressedTo}` : subject);
}

/** Sends short bounded calls to whichever replica of the owning service answers first. */
export class NatsRequester {
  constructor(private readonly nats: NatsClient) {}

  async request<S extends RequestSubject>(
    subject: S,
    payload: RequestPayload<S>,
    timeoutMs = 5_000,
    options: AddressingOptions = {},
  ): Promise<RequestReply<S>> {
    return inSpan(`request ${subject}`, { kind: SpanKind.CLIENT, attributes: messagingAttributes(subject) }, () =>
      this.send(subject, payload, timeoutMs, options),
    );
  }

  private async send<S extends RequestSubject>(
    subject: S,
    payload: RequestPayload<S>,
    timeoutMs: number,
    options: AddressingOptions,
  ): Promise<RequestReply<S>> {
    let reply: Msg;
    try {
      const headers = outgoingHeaders();
      const body = await this.nats.payloads.encode(payload, headers);
      reply = await this.nats.connection.request(wireSubject(this.nats, subject, options), body, {
        timeout: timeoutMs,
        headers,
      });
    } catch (error) {
      throw new DomainError(ErrorCode.ServiceUnavailable, `no answer on ${subject}: ${String(error)}`, undefined, true);
    }
    const envelope = (await this.nats.payloads.decodeJson(reply)) as ReplyEnvelope<RequestReply<S>>;
    await this.nats.payloads.release(reply);
    if (!envelope.ok) throw DomainError.fromWire(envelope.error);
    return envelope.data;
  }
}

export type RequestHandler<T> = (payload: T) => Promise<unknown>;

/**
 * Serves one request subject through the service's queue group, so replicas share the load and each
 * request is answered once (or, addressed to this replica, alone). Failures travel back as wire errors.
 */
export function serveRequests<T extends object>(
  nats: NatsClient,
  logger: Logger,
  subject: string,
  payloadClass: new () => T,
  handler: RequestHandler<T>,
  options: AddressingOptions = {},
): Subscription {
  const answer = async (message: Msg): Promise<void> => {
    let envelope: ReplyEnvelope<unknown>;
    try {
      const payload = await nats.payloads.decode(payloadClass, message);
      await nats.payloads.release(message);
      envelope = { ok: true, data: await handler(payload) };
    } catch (failure) {
      const domainError = toDomainError(failure);
      // Anything not thrown as a DomainError is unexpected here, whatever answer it becomes (a deadlock is a 503).
      if (!(failure instanceof DomainError) || failure.code === ErrorCode.Internal) {
        logger.error({ err: failure, subject }, 'request failed');
      }
      envelope = { ok: false, error: domainError.toWire() };
    }
    const headers = outgoingHeaders();
    try {
      message.respond(await nats.payloads.encode(envelope, headers), { headers });
    } catch (failure) {
      // The object store could not take a large reply: the caller gets a reason instead of a timeout.
      const unavailable = new DomainError(
        ErrorCode.ServiceUnavailable,
        `reply on ${subject} could not be sent: ${String(failure)}`,
      );
      const fallbackHeaders = outgoingHeaders();
      const fallback = await nats.payloads.encode({ ok: false, error: unavailable.toWire() }, fallbackHeaders);
      message.respond(fallback, { headers: fallbackHeaders });
    }
  };
  return nats.connection.subscribe(wireSubject(nats, subject, options), {
    ...(options.addressedTo ? {} : { queue: nats.namespace.queueGroup(nats.serviceName) }),
    callback: (error, message) => {
      if (error) {
        logger.error({ err: error, subject }, 'request subscription failed');
        return;
      }
      const parent = extractTraceContext((name) => message.headers?.get(name) || undefined);
      void withCorrelationId(message.headers?.get(CORRELATION_ID_HEADER), () =>
        inSpan(`serve ${subject}`, { kind: SpanKind.SERVER, attributes: messagingAttributes(subject), parent }, () =>
          answer(message),
        ).catch((failure: unknown) => logger.error({ err: failure, subject }, 'reply not sent')),
      );
    },
  });
}
