import { randomUUID } from 'node:crypto';
import { testDatabase } from '@wh/testing';
import type { BillingDatabase } from '../database/billing-database';
import { type UsageRecord, UsageRepository } from './usage.repository';

describe('UsageRepository', () => {
  const database = testDatabase<BillingDatabase>();
  let usage: UsageRepository;

  beforeAll(() => {
    usage = new UsageRepository(database.db);
  });

  function charge(overrides: Partial<UsageRecord> = {}): UsageRecord {
    return {
      eventId: randomUUID(),
      teamId: randomUUID(),
      kind: 'scrape',
      jobId: randomUUID(),
      credits: 1,
      occurredAt: new Date('2026-11-22T08:00:00Z'),
      ...overrides,
    };
  }

  async function recorded(
    eventIds: string[],
  ): Promise<Array<{ event_id: string; credits: number; occurred_at: Date }>> {
    return database.db
      .selectFrom('usage_events')
      .select(['event_id', 'credits', 'occurred_at'])
      .where('event_id', 'in', eventIds)
      .orderBy('occurred_at')
      .execute();
  }

  it('stores every charge of a batch as given', async () => {
    const charges = [charge({ credits: 1 }), charge({ credits: 5, occurredAt: new Date('2026-11-22T09:00:00Z') })];

    await usage.record(charges);

    expect(await recorded(charges.map((c) => c.eventId))).toEqual(
      charges.map((c) => ({ event_id: c.eventId, credits: c.credits, occurred_at: c.occurredAt })),
    );
  });

  it('records a redelivered event once, keeping the first delivery', async () => {
    const first = charge({ credits: 2 });

    await usage.record([first]);
    await usage.record([{ ...first, credits: 9 }]);

    expect(await recorded([first.eventId])).toEqual([expect.objectContaining({ credits: 2 })]);
  });

  it('records a charge repeated inside one batch once, and the rest of the batch', async () => {
    const repeated = charge();
    const other = charge();

    await usage.record([repeated, other, repeated]);

    expect((await recorded([repeated.eventId, other.eventId])).map((row) => row.event_id).sort()).toEqual(
      [repeated.eventId, other.eventId].sort(),
    );
  });

  it('does nothing with an empty batch', async () => {
    await expect(usage.record([])).resolves.toBeUndefined();
  });
});
