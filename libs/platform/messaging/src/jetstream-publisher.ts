import type { StreamPayload, StreamSubject } from '@wh/contracts';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { inSpan, SpanKind } from '@wh/platform/telemetry';
import type { NatsClient } from './nats-client';
import { outgoingHeaders } from './outgoing-headers';

export interface PublishOptions {
  /** Deterministic id: JetStream drops a second publish with the same id inside the duplicate window. */
  msgId: string;
  /** Extra subject tokens after the contract subject, e.g. `direct.<jobId>`. */
  subjectSuffix?: string;
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
      this.send(fullSubject, payload, options.msgId),
    );
  }

  private async send(fullSubject: string, payload: object, msgId: string): Promise<void> {
    try {
      const headers = outgoingHeaders();
      const body = await this.nats.payloads.encode(payload, headers);
      await this.nats.jetstream.publish(this.nats.namespace.subject(fullSubject), body, {
        msgID: msgId,
        headers,
      });
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
