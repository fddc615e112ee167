import { connect, type NatsConnection, StorageType } from 'nats';
import { Consumers, Streams } from '@wh/contracts';
import { NatsClient } from '@wh/platform/messaging';
import { eventually } from '../eventually';
import { removeNamespace } from './stack';
import { type NatsCluster, startNatsCluster } from './nats-cluster';

// The three-node cluster the multi-replica tests run on: nats-server 2.9.10 replicates a stream to every node, and
// the stream keeps taking and serving messages with one node killed outright.
describe('startNatsCluster', () => {
  let cluster: NatsCluster;
  let connection: NatsConnection;
  beforeAll(async () => {
    cluster = await startNatsCluster();
    connection = await connect({ servers: cluster.url.split(',') });
  }, 60_000);
  afterAll(async () => {
    await connection?.close();
    await cluster?.stop();
  });

  it('replicates a stream to three nodes and keeps it writable and readable with one killed', async () => {
    const manager = await connection.jetstreamManager();
    const stream = `CLUSTER_CHECK_${Date.now()}`;
    await manager.streams.add({ name: stream, subjects: [`${stream}.>`], num_replicas: 3, storage: StorageType.File });
    const client = connection.jetstream();
    for (let index = 0; index < 5; index++) await client.publish(`${stream}.before`, new Uint8Array([index]));

    const info = await manager.streams.info(stream);
    expect(info.config.num_replicas).toBe(3);
    expect((info.cluster?.replicas ?? []).length).toBe(2);
    const leader = cluster.nodes.find((node) => node.name === info.cluster?.leader);
    if (!leader) throw new Error(`no node named ${info.cluster?.leader}`);

    await leader.kill('SIGKILL');
    await eventually(
      async () => {
        await client.publish(`${stream}.after`, new Uint8Array([9]), { timeout: 2_000 });
      },
      { timeoutMs: 20_000 },
    );
    const afterLoss = await manager.streams.info(stream);
    expect(afterLoss.cluster?.leader).not.toBe(leader.name);
    expect(afterLoss.state.messages).toBeGreaterThanOrEqual(6);

    await leader.start();
    await eventually(
      async () => {
        const healed = await manager.streams.info(stream);
        expect(healed.cluster?.replicas?.every((replica) => replica.current)).toBe(true);
      },
      { timeoutMs: 20_000 },
    );
    await manager.streams.delete(stream);
  }, 90_000);

  // Replicas of every service boot at once and provision the same streams: nats-server 2.9 leaves all but one of the
  // racing create requests unanswered, which without retries failed four boots out of five.
  it('lets five clients provision the same streams and consumers at replication 3 at once', async () => {
    const namespace = `race_${Date.now().toString(36)}`;
    const clients = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        NatsClient.connect({ servers: cluster.url, namespace, serviceName: `racer-${index}`, replicas: 3 }),
      ),
    );
    try {
      await Promise.all(
        clients.map(async (client) => {
          for (const stream of Object.values(Streams)) await client.ensureStream(stream);
          await client.ensureConsumer(Consumers.crawlSchedulerResults);
        }),
      );
      // Asked through another connection, which may reach a node that has not yet heard of a stream just created.
      const manager = await connection.jetstreamManager();
      for (const stream of Object.values(Streams)) {
        const name = `${namespace.toUpperCase()}_${stream.name}`;
        await eventually(async () => expect((await manager.streams.info(name)).config.num_replicas).toBe(3));
      }
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await removeNamespace(await connection.jetstreamManager(), namespace);
    }
  }, 120_000);
});
