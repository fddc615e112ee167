import type { Subscription } from 'nats';
import { type BroadcastPayload, type BroadcastSubject, Messages } from '@wh/contracts';
import type { Logger } from '@wh/platform/logging';
import type { NatsClient } from './nats-client';
import { outgoingHeaders } from './outgoing-headers';

/**
 * Announces something every replica of every interested service should hear at once (core NATS, no queue group,
 * not stored): for state that is also bounded some other way, such as a cache entry's lifetime. Resolves once the
 * server has the message.
 */
export async function publishBroadcast<S extends BroadcastSubject>(
  nats: NatsClient,
  subject: S,
  payload: BroadcastPayload<S>,
): Promise<void> {
  const headers = outgoingHeaders();
  nats.connection.publish(nats.namespace.subject(subject), await nats.payloads.encode(payload, headers), { headers });
  await nats.connection.flush();
}

/** Calls `handler` with each valid broadcast on `subject`; malformed ones are logged and skipped. */
export function listenToBroadcast<S extends BroadcastSubject>(
  nats: NatsClient,
  logger: Logger,
  subject: S,
  handler: (payload: BroadcastPayload<S>) => void,
): Subscription {
  const payloadClass = Messages[subject].payload as new () => BroadcastPayload<S>;
  return nats.connection.subscribe(nats.namespace.subject(subject), {
    callback: (error, message) => {
      if (error) {
        logger.error({ err: error, subject }, 'broadcast subscription failed');
        return;
      }
      nats.payloads
        .decode(payloadClass, message)
        .then(handler, (failure: unknown) => logger.warn({ err: failure, subject }, 'malformed broadcast ignored'));
    },
  });
}
