import { randomUUID } from 'node:crypto';
import { Consumers, Streams, Subjects, type UsageRecordedEvent } from '@wh/contracts';
import { createLogger } from '@wh/platform/logging';
import { DurableConsumerRunner, JetStreamPublisher, NatsClient } from '@wh/platform/messaging';
import { eventually } from '../eventually';
import { type NatsCluster, startNatsCluster } from './nats-cluster';

const MESSAGES = 30;
/** Few slots, as a worker with SCRAPE_CONCURRENCY=4: most messages are still in the stream when the node dies. */
const SLOTS_PER_PROCESS = 4;
const HANDLING_MS = 150;
/** Pulls that would outlast the test: only their ending early, not their expiry, lets the work finish in time. */
const PULL_EXPIRES_MS = 90_000;
/** An election and a few heartbeat periods, with room for a loaded machine; far below the pulls' expiry. */
const RECOVERY_LIMIT_MS = 40_000;

/**
 * The waiting pulls of a consumer live on the NATS server leading it. When that server is killed, the two processes
 * here (each connected to a node that survives) must pull again from the new leader as soon as the old one falls silent, not
 * when their pulls expire: with the default pull length that stall was ten seconds for each process's slots.
 */
describe('DurableConsumerRunner across the loss of the NATS node leading its consumer', () => {
  let cluster: NatsCluster;
  const clients: NatsClient[] = [];
  const runners: DurableConsumerRunner<typeof Subjects.usageRecorded>[] = [];
  const namespace = `failover_${Date.now().toString(36)}`;
  const definition = Consumers.billingUsage;

  beforeAll(async () => {
    cluster = await startNatsCluster();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop(1_000)));
    // The cluster is this suite's own and its files go with it: nothing to delete from it, and deleting streams on a
    // cluster that has just lost a node could outlast the API's timeout (it did once, failing a suite that had passed).
    await Promise.all(clients.map((client) => client.close()));
    await cluster?.stop();
  }, 60_000);

  function usageEvent(): UsageRecordedEvent {
    return {
      eventId: randomUUID(),
      teamId: 'team',
      kind: 'scrape',
      jobId: randomUUID(),
      credits: 1,
      occurredAt: new Date().toISOString(),
    };
  }

  it('hands every message to the two processes again within seconds of a kill -9 of the leader', async () => {
    const logger = createLogger('failover-test', 'silent');
    const provisioner = await NatsClient.connect({
      servers: cluster.url,
      namespace,
      serviceName: 'provisioner',
      replicas: 3,
    });
    clients.push(provisioner);
    await provisioner.ensureStream(definition.stream);
    await provisioner.ensureStream(Streams.deadLetters);
    await provisioner.ensureConsumer(definition);
    const info = await provisioner.manager.consumers.info(
      provisioner.namespace.stream(definition.stream.name),
      provisioner.namespace.consumer(definition.durableName),
    );
    const leader = cluster.nodes.find((node) => node.name === info.cluster?.leader);
    if (!leader) throw new Error(`no node named ${info.cluster?.leader}`);
    // Each process on a node that survives: no reconnection tells it anything happened.
    const survivors = cluster.nodes.filter((node) => node !== leader);
    const workers: NatsClient[] = [];
    for (const node of survivors) {
      workers.push(await NatsClient.connect({ servers: node.url, namespace, serviceName: `worker-${node.name}` }));
    }
    clients.push(...workers);
    const handled = new Map<string, number>();
    for (const client of workers) {
      const runner = new DurableConsumerRunner(client, new JetStreamPublisher(client), logger, {
        definition,
        concurrency: SLOTS_PER_PROCESS,
        pullExpiresMs: PULL_EXPIRES_MS,
        handler: async (event: UsageRecordedEvent) => {
          await new Promise((resolve) => setTimeout(resolve, HANDLING_MS));
          handled.set(event.eventId, (handled.get(event.eventId) ?? 0) + 1);
        },
      });
      await runner.start();
      runners.push(runner);
    }
    const publisher = new JetStreamPublisher(provisioner);
    for (let index = 0; index < MESSAGES; index++) {
      const event = usageEvent();
      await publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });
    }
    await eventually(() => expect(handled.size).toBeGreaterThanOrEqual(2 * SLOTS_PER_PROCESS), {
      timeoutMs: 20_000,
      intervalMs: 20,
    });
    // The kill must leave work behind, or the test proves nothing about pulling after it.
    expect(handled.size).toBeLessThan(MESSAGES - 2 * SLOTS_PER_PROCESS);

    await leader.kill('SIGKILL');
    await eventually(() => expect(handled.size).toBe(MESSAGES), { timeoutMs: RECOVERY_LIMIT_MS, intervalMs: 100 });
    // A message whose ack the dead node took comes back once (at-least-once delivery), never more.
    expect(Math.max(...handled.values())).toBeLessThanOrEqual(2);
  }, 150_000);
});
