import { headers as natsHeaders } from 'nats';
import { CORRELATION_ID_HEADER, ErrorCode, type StreamPayload, type StreamSubject } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { currentCorrelationId } from '@wh/platform/logging';
import { encodeJson } from './codec';
import type { NatsClient } from './nats-client';

export interface PublishOptions {
  /** Deterministic id: JetStream drops a second publish with the same id inside the duplicate window. */
  msgId: string;
  /** Extra subject tokens after the contract subject, e.g. `direct.<jobId>`. */
  subjectSuffix?: string;
}

/** Typed JetStream publisher: the subject decides the payload type. */
export class JetStreamPublisher {
  constructor(private readonly nats: NatsClient) {}

  async publish<S extends StreamSubject>(subject: S, payload: StreamPayload<S>, options: PublishOptions): Promise<void> {
    const body = encodeJson(payload);
    if (body.byteLength > this.nats.maxPayloadBytes) {
      throw new DomainError(
        ErrorCode.PayloadTooLarge,
        `message of ${body.byteLength} bytes exceeds the NATS max payload of ${this.nats.maxPayloadBytes}`,
      );
    }
    const headers = natsHeaders();
    const correlationId = currentCorrelationId();
    if (correlationId) headers.set(CORRELATION_ID_HEADER, correlationId);
    const fullSubject = options.subjectSuffix ? `${subject}.${options.subjectSuffix}` : subject;
    try {
      await this.nats.jetstream.publish(this.nats.namespace.subject(fullSubject), body, {
        msgID: options.msgId,
        headers,
      });
    } catch (error) {
      throw new DomainError(ErrorCode.ServiceUnavailable, `publish to ${fullSubject} failed: ${String(error)}`, undefined, true);
    }
  }
}
