import { randomBytes } from 'node:crypto';
import { type ConsumerDefinition, Streams, type StreamSubject } from '@wh/contracts';
import { createLogger } from '@wh/platform/logging';
import {
  DurableConsumerRunner,
  type DurableConsumerRunnerOptions,
  JetStreamPublisher,
  NatsClient,
} from '@wh/platform/messaging';
import { removeNamespace } from '../stack/stack';
import { mediumInfrastructure } from './medium-infrastructure';

/** What {@link TestNats.consume} needs: the runner's options, one slot unless told. */
export type ConsumeOptions<S extends StreamSubject> = Omit<DurableConsumerRunnerOptions<S>, 'concurrency'> & {
  concurrency?: number;
};

/** A NATS connection of one test file in a namespace of its own; see {@link testNats}. */
export interface TestNats {
  /** The connection, its JetStream handles and the file's namespace. Usable from `beforeAll` (registered later) on. */
  readonly client: NatsClient;
  /** Publishes into the file's namespace, as a service's publisher does. */
  readonly publisher: JetStreamPublisher;
  /**
   * Provisions the definition's stream, the dead-letter stream and the durable consumer, then runs the messaging
   * library's consumer runner with `handler` until the file's tests end (or until the runner is stopped).
   */
  consume<S extends StreamSubject>(options: ConsumeOptions<S>): Promise<DurableConsumerRunner<S>>;
}

/**
 * Call once at the top of an int-spec: before its tests it connects to the run's NATS in a fresh namespace (so
 * stream, consumer and subject names never meet a parallel run's); after them it stops the runners started with
 * `consume`, deletes every stream of the namespace and closes the connection.
 *
 * @example const nats = testNats();
 *          await nats.consume({ definition: Consumers.billingUsage, handler });
 *          await nats.publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });
 */
export function testNats(): TestNats {
  let open: { client: NatsClient; publisher: JetStreamPublisher } | undefined;
  const runners: Array<{ stop(graceMs: number): Promise<void> }> = [];
  const logger = createLogger('integration-test', 'silent');

  beforeAll(async () => {
    const client = await NatsClient.connect({
      servers: mediumInfrastructure().natsUrl,
      namespace: `int_${randomBytes(5).toString('hex')}`,
      serviceName: 'integration-test',
      connectTimeoutMs: 5_000,
    });
    open = { client, publisher: new JetStreamPublisher(client) };
  }, 30_000);
  afterAll(async () => {
    if (!open) return;
    await Promise.all(runners.splice(0).map((runner) => runner.stop(1_000)));
    await removeNamespace(open.client.manager, open.client.namespace.prefix);
    await open.client.close();
    open = undefined;
  }, 30_000);

  const current = (): { client: NatsClient; publisher: JetStreamPublisher } => {
    if (!open) throw new Error('testNats(): the connection exists from beforeAll to afterAll only');
    return open;
  };
  return {
    get client() {
      return current().client;
    },
    get publisher() {
      return current().publisher;
    },
    async consume<S extends StreamSubject>(options: ConsumeOptions<S>): Promise<DurableConsumerRunner<S>> {
      const { client, publisher } = current();
      await client.ensureStream(options.definition.stream);
      await client.ensureStream(Streams.deadLetters);
      await client.ensureConsumer(options.definition);
      const runner = new DurableConsumerRunner(client, publisher, logger, { concurrency: 1, ...options });
      await runner.start();
      runners.push(runner);
      return runner;
    },
  };
}

/** A contract consumer with redelivery fast enough for a test: 50 ms between attempts, a 2 s ack wait, 3 deliveries. */
export function withFastRedelivery<S extends StreamSubject>(definition: ConsumerDefinition<S>): ConsumerDefinition<S> {
  return { ...definition, retryDelaysMs: [50], ackWaitMs: 2_000, maxDeliver: 3 };
}
