import { Streams, Subjects } from '@wh/contracts';
import { NatsClient } from '@wh/platform/messaging';
import { connectInFreshNamespace } from './support/test-nats';

describe('stream provisioning on a real JetStream', () => {
  let nats: NatsClient;

  beforeEach(async () => {
    nats = await connectInFreshNamespace('provisioning-test');
  });

  afterEach(async () => {
    await nats.manager.streams.delete(nats.namespace.stream(Streams.billingUsage.name));
    await nats.close();
  });

  async function subjects(): Promise<string[]> {
    const info = await nats.manager.streams.info(nats.namespace.stream(Streams.billingUsage.name));
    return [...(info.config.subjects ?? [])].sort();
  }

  it('keeps subjects a newer release added when an older release provisions the stream again', async () => {
    const newer = {
      ...Streams.billingUsage,
      subjects: [...Streams.billingUsage.subjects, 'billing.usage-refund.recorded'],
    };
    await nats.ensureStream(newer);
    const older = {
      ...Streams.billingUsage,
      subjects: [Subjects.usageRecorded],
      maxAgeMs: Streams.billingUsage.maxAgeMs * 2,
    };
    await nats.ensureStream(older);

    expect(await subjects()).toEqual(newer.subjects.map((subject) => nats.namespace.subject(subject)).sort());
    const info = await nats.manager.streams.info(nats.namespace.stream(Streams.billingUsage.name));
    expect(info.config.max_age).toBe(older.maxAgeMs * 1_000_000);
  });

  it('creates a missing stream with exactly the contract subjects', async () => {
    await nats.ensureStream(Streams.billingUsage);
    expect(await subjects()).toEqual(
      Streams.billingUsage.subjects.map((subject) => nats.namespace.subject(subject)).sort(),
    );
  });
});
