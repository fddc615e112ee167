import type { StreamPayload, StreamSubject } from '@wh/contracts';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
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
    try {
      const headers = outgoingHeaders();
      const body = await this.nats.payloads.encode(payload, headers);
      await this.nats.jetstream.publish(this.nats.namespace.subject(fullSubject), body, {
        msgID: options.msgId,
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
