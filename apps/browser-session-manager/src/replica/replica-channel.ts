import { Inject, Injectable } from '@nestjs/common';
import type { Subscription } from 'nats';
import { browserReplicaSubject, ErrorCode, type WireError } from '@wh/contracts';
import { DomainError, toDomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { decodeJson, decodePayload, encodeJson, NatsClient } from '@wh/platform/messaging';

type Command = 'launch' | 'stop';
type Envelope<T> = { ok: true; data: T } | { ok: false; error: WireError };

/**
 * Commands addressed to one replica (its subject carries the replica id, so no queue group): placement asks
 * the chosen replica to start a browser, and stop requests reach the replica that holds the session.
 */
@Injectable()
export class ReplicaChannel {
  constructor(
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async call<T>(replicaId: string, command: Command, payload: object, timeoutMs: number): Promise<T> {
    let reply;
    try {
      reply = await this.nats.connection.request(this.nats.namespace.subject(browserReplicaSubject(replicaId, command)), encodeJson(payload), {
        timeout: timeoutMs,
      });
    } catch (error) {
      throw new DomainError(ErrorCode.ServiceUnavailable, `browser replica ${replicaId} did not answer ${command}: ${String(error)}`, undefined, true);
    }
    const envelope = decodeJson<Envelope<T>>(reply.data);
    if (!envelope.ok) throw DomainError.fromWire(envelope.error);
    return envelope.data;
  }

  serve<T extends object>(replicaId: string, command: Command, payloadClass: new () => T, handler: (payload: T) => Promise<unknown>): Subscription {
    return this.nats.connection.subscribe(this.nats.namespace.subject(browserReplicaSubject(replicaId, command)), {
      callback: (error, message) => {
        if (error) {
          this.logger.error({ err: error, command }, 'replica command subscription failed');
          return;
        }
        void (async () => {
          let envelope: Envelope<unknown>;
          try {
            envelope = { ok: true, data: (await handler(await decodePayload(payloadClass, message.data))) ?? {} };
          } catch (failure) {
            const domainError = toDomainError(failure);
            if (domainError.code === ErrorCode.Internal) this.logger.error({ err: failure, command }, 'replica command failed');
            envelope = { ok: false, error: domainError.toWire() };
          }
          message.respond(encodeJson(envelope));
        })();
      },
    });
  }
}
