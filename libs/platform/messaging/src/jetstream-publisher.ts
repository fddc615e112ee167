import type { StreamPayload, StreamSubject } from '@wh/contracts';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { inSpan, SpanKind } from '@wh/platform/telemetry';
import type { NatsClient } from './nats-client';
import { outgoingHeaders } from './outgoing-headers';
import { MESSAGE_ID_HEADER } from './stored-publishes';

export interface PublishOptions {
  /** Deterministic id: JetStream drops a second publish with the same id inside the duplicate window. */
  msgId: string;
  /** Extra subject tokens after the contract subject, e.g. `direct.<jobId>`. */
  subjectSuffix?: string;
  /**
   * Send without waiting for the stream's answer (it is still stored, under `msgId`): for a message whose reader is
   * waiting on a subscription of its own and reads it back from the stream if that missed it. Saves the answer's
   * trip and write; the sender no longer learns of a message the stream could not store.
   */
  unconfirmed?: boolean;
}

/** Typed JetStream publisher: the subject decides the payload type; a payload of any size is accepted. */
export class JetStreamPublisher {
  constructor(private readonly nats: NatsClient) {}

  async publish<S extends StreamSubject>(
    subject: S,
    payload: StreamPayload<S>,
    options: PublishOptions,
  ): Promise<void> {
    const fullSubject = options.subjectSuffix ? `${subject}.${options.subjectSuffix}` : subject;
    await inSpan(`send ${subject}`, { kind: SpanKind.PRODUCER, attributes: messagingAttributes(fullSubject) }, () =>
      this.send(fullSubject, payload, options),
    );
  }

  private async send(fullSubject: string, payload: object, options: PublishOptions): Promise<void> {
    try {
      const headers = outgoingHeaders();
      const body = await this.nats.payloads.encode(payload, headers);
      const subject = this.nats.namespace.subject(fullSubject);
      if (options.unconfirmed) {
        headers.set(MESSAGE_ID_HEADER, options.msgId);
        this.nats.connection.publish(subject, body, { headers });
      } else await this.nats.storedPublishes.publish(subject, body, options.msgId, headers);
    } catch (error) {
      throw new DomainError(
        ErrorCode.ServiceUnavailable,
        `publish to ${fullSubject} failed: ${String(error)}`,
        undefined,
        true,
      );
    }
  }
}

/** Span attributes of a NATS message (OpenTelemetry's messaging conventions). */
export function messagingAttributes(subject: string): Record<string, string> {
  return { 'messaging.system': 'nats', 'messaging.destination.name': subject };
}
