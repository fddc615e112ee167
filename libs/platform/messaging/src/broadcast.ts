import type { Subscription } from 'nats';
import type { Logger } from '@wh/platform/logging';
import { decodePayload, encodeJson } from './codec';
import type { NatsClient } from './nats-client';

/**
 * Announces something every replica of every interested service should hear at once (core NATS, no queue group,
 * not stored): for state that is also bounded some other way, such as a cache entry's lifetime. Resolves once the
 * server has the message.
 */
export async function publishBroadcast(nats: NatsClient, subject: string, payload: object): Promise<void> {
  nats.connection.publish(nats.namespace.subject(subject), encodeJson(payload));
  await nats.connection.flush();
}

/** Calls `handler` with each valid broadcast on `subject`; malformed ones are logged and skipped. */
export function listenToBroadcast<T extends object>(
  nats: NatsClient,
  logger: Logger,
  subject: string,
  payloadClass: new () => T,
  handler: (payload: T) => void,
): Subscription {
  return nats.connection.subscribe(nats.namespace.subject(subject), {
    callback: (error, message) => {
      if (error) {
        logger.error({ err: error, subject }, 'broadcast subscription failed');
        return;
      }
      decodePayload(payloadClass, message.data).then(handler, (failure: unknown) =>
        logger.warn({ err: failure, subject }, 'malformed broadcast ignored'),
      );
    },
  });
}
