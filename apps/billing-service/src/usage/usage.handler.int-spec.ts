import { type ConsumerDefinition, Consumers, ErrorCode, Streams, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { encodeJson } from '@wh/platform/messaging';
import { eventually, testDatabase, testNats, usageRecordedEvent, withFastRedelivery } from '@wh/testing';
import type { BillingDatabase } from '../database/billing-database';
import { UsageHandler } from './usage.handler';
import { LedgerRepository } from '../ledger/ledger.repository';

describe('UsageHandler behind the durable consumers, on a real JetStream and Postgres', () => {
  const database = testDatabase<BillingDatabase>();
  const nats = testNats();
  const teamId = '3f0c1a52-5b9e-4d4c-9a51-0d8f3f2b6e11';
  /** Deliveries seen per event id; events listed in `crashAfterCommit` fail once after their row is written. */
  const deliveries = new Map<string, number>();
  const crashAfterCommit = new Set<string>();
  /** Every announcement of committed charges the handler made. */
  const announcements: { teamIds: string[] }[] = [];

  beforeAll(async () => {
    const handler = new UsageHandler(
      new LedgerRepository(database.db),
      {
        chargesCommitted: async (teamIds) => {
          announcements.push({ teamIds: [...teamIds] });
        },
      },
      { USAGE_BATCH_WINDOW_MS: 50 },
    );
    await nats.consume({
      definition: withFastRedelivery(Consumers.billingUsage),
      concurrency: 32,
      handler: async (event) => {
        deliveries.set(event.eventId, (deliveries.get(event.eventId) ?? 0) + 1);
        await handler.record(event);
        if (crashAfterCommit.delete(event.eventId)) {
          // As if the process died between the commit and the ack: the message comes back.
          throw new DomainError(ErrorCode.ServiceUnavailable, 'lost before the ack', undefined, true);
        }
      },
    });
    await nats.consume({
      definition: withFastRedelivery(Consumers.billingUsageBatches),
      handler: async (batch) => {
        for (const charge of batch.charges) deliveries.set(charge.eventId, (deliveries.get(charge.eventId) ?? 0) + 1);
        await handler.recordBatch(batch);
        if (batch.charges.some((charge) => crashAfterCommit.delete(charge.eventId))) {
          throw new DomainError(ErrorCode.ServiceUnavailable, 'lost before the ack', undefined, true);
        }
      },
    });
  });

  async function creditsOf(eventId: string): Promise<number[]> {
    const rows = await database.db
      .selectFrom('credit_ledger')
      .select('credits')
      .where('idempotency_key', '=', eventId)
      .execute();
    return rows.map((row) => row.credits);
  }

  async function pending(definition: ConsumerDefinition): Promise<number> {
    const { client } = nats;
    const info = await client.manager.consumers.info(
      client.namespace.stream(definition.stream.name),
      client.namespace.consumer(definition.durableName),
    );
    return info.num_pending + info.num_ack_pending;
  }

  it('records an event redelivered after a failure once', async () => {
    const event = usageRecordedEvent(teamId, { credits: 3 });
    crashAfterCommit.add(event.eventId);

    await nats.publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });

    await eventually(async () => expect(deliveries.get(event.eventId)).toBe(2));
    await eventually(async () => expect(await pending(Consumers.billingUsage)).toBe(0));
    expect(await creditsOf(event.eventId)).toEqual([3]);
  });

  it('records an event published again under a new message id once; the same message id is not even delivered', async () => {
    const event = usageRecordedEvent(teamId, { credits: 2 });

    await nats.publisher.publish(Subjects.usageRecorded, event, { msgId: `${event.eventId}:1` });
    await nats.publisher.publish(Subjects.usageRecorded, event, { msgId: `${event.eventId}:1` });
    await nats.publisher.publish(Subjects.usageRecorded, { ...event, credits: 7 }, { msgId: `${event.eventId}:2` });

    await eventually(async () => expect(deliveries.get(event.eventId)).toBe(2));
    await eventually(async () => expect(await pending(Consumers.billingUsage)).toBe(0));
    expect(await creditsOf(event.eventId)).toEqual([2]);
  });

  it('records each charge of a batch once, including a charge already recorded on its own', async () => {
    const single = usageRecordedEvent(teamId);
    await nats.publisher.publish(Subjects.usageRecorded, single, { msgId: single.eventId });
    await eventually(async () => expect(await creditsOf(single.eventId)).toEqual([1]));
    const batch = [single, usageRecordedEvent(teamId, { kind: 'crawl', credits: 4 })];

    await nats.publisher.publish(Subjects.usageBatchRecorded, { charges: batch }, { msgId: 'batch-1' });

    await eventually(async () => expect(await pending(Consumers.billingUsageBatches)).toBe(0));
    expect(await creditsOf(single.eventId)).toEqual([1]);
    expect(await creditsOf(batch[1].eventId)).toEqual([4]);
    expect(await new LedgerRepository(database.db).drift()).toEqual([]);
  });

  it('charges each page of a batch once when the batch is redelivered, repeats a page, or repeats an earlier batch', async () => {
    const [first, second, third] = Array.from({ length: 3 }, () => usageRecordedEvent(teamId, { credits: 2 }));
    crashAfterCommit.add(first.eventId);

    // The worker sends a page's charge again in another batch when its job is redelivered after the charge was sent.
    await nats.publisher.publish(
      Subjects.usageBatchRecorded,
      { charges: [first, second, first] },
      { msgId: 'batch-a' },
    );
    await nats.publisher.publish(Subjects.usageBatchRecorded, { charges: [second, third] }, { msgId: 'batch-b' });

    await eventually(async () => expect(deliveries.get(first.eventId)).toBe(4));
    await eventually(async () => expect(await pending(Consumers.billingUsageBatches)).toBe(0));
    for (const event of [first, second, third]) expect(await creditsOf(event.eventId)).toEqual([2]);
    expect(await new LedgerRepository(database.db).drift()).toEqual([]);
  });

  it('charges single events published together in one group, each once, announced together', async () => {
    const groupTeam = 'b9d1e7a0-3c2f-4f7e-8d6a-2a4b5c6d7e8f';
    const events = Array.from({ length: 12 }, () => usageRecordedEvent(groupTeam, { credits: 2 }));

    await Promise.all(
      events.map((event) => nats.publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId })),
    );

    await eventually(async () => expect(await pending(Consumers.billingUsage)).toBe(0));
    for (const event of events) expect(await creditsOf(event.eventId)).toEqual([2]);
    const aboutGroupTeam = announcements.filter((announcement) => announcement.teamIds.includes(groupTeam));
    expect(aboutGroupTeam.length).toBeLessThan(events.length);
    expect(await new LedgerRepository(database.db).drift()).toEqual([]);
  });

  it('dead-letters an event that breaks the contract without handling it', async () => {
    const { client } = nats;
    const invalid = { ...usageRecordedEvent(teamId), credits: -1 };
    const deadLetters = client.namespace.stream(Streams.deadLetters.name);
    const before = (await client.manager.streams.info(deadLetters)).state.messages;

    await client.jetstream.publish(client.namespace.subject(Subjects.usageRecorded), encodeJson(invalid), {
      msgID: invalid.eventId,
    });

    await eventually(async () =>
      expect((await client.manager.streams.info(deadLetters)).state.messages).toBe(before + 1),
    );
    expect(deliveries.get(invalid.eventId)).toBeUndefined();
    expect(await creditsOf(invalid.eventId)).toEqual([]);
  });
});
