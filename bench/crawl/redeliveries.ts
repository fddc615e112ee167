import { connect } from 'nats';
import type { ConsumerDefinition } from '@wh/contracts';
import { Namespace } from '@wh/platform/messaging';

/**
 * Deliveries beyond the first of each message, per durable consumer. A message delivered to a pull request the
 * client had already given up on comes back only after the consumer's ack wait, which shows here and as a tail at
 * the end of a crawl. Counts are exact when the consumer sees every message of its stream, as in this bench.
 */
export async function redeliveries(
  natsUrl: string,
  prefix: string,
  consumers: readonly ConsumerDefinition[],
): Promise<Record<string, number>> {
  const connection = await connect({ servers: natsUrl });
  try {
    const manager = await connection.jetstreamManager();
    const namespace = new Namespace(prefix);
    const counts: Record<string, number> = {};
    for (const definition of consumers) {
      const info = await manager.consumers.info(
        namespace.stream(definition.stream.name),
        namespace.consumer(definition.durableName),
      );
      counts[definition.durableName] = info.delivered.consumer_seq - info.delivered.stream_seq;
    }
    return counts;
  } finally {
    await connection.close();
  }
}
