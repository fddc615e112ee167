import { randomUUID } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { createKysely } from '@wh/platform/database';
import { testDatabase } from '@wh/testing';
import type { BillingDatabase } from '../database/billing-database';
import { PlansRepository } from '../plans/plans.repository';
import { TeamsRepository } from '../teams/teams.repository';
import { type ChargeRecord, LedgerRepository } from './ledger.repository';
import { ReservationsRepository } from './reservations.repository';

/** Counts the statements sent through the Kysely instance it is attached to. */
function statementCounter(): KyselyPlugin & { count: number } {
  const counter = {
    count: 0,
    transformQuery: ({ node }: Parameters<KyselyPlugin['transformQuery']>[0]) => {
      counter.count += 1;
      return node;
    },
    transformResult: async ({ result }: Parameters<KyselyPlugin['transformResult']>[0]) => result,
  };
  return counter;
}

describe('LedgerRepository', () => {
  const database = testDatabase<BillingDatabase>();
  let ledger: LedgerRepository;
  const november = new Date('2026-11-01T00:00:00Z');
  const december = new Date('2026-12-01T00:00:00Z');

  beforeAll(() => {
    ledger = new LedgerRepository(database.db);
  });

  function charge(teamId: string, overrides: Partial<ChargeRecord> = {}): ChargeRecord {
    return {
      eventId: randomUUID(),
      teamId,
      kind: 'scrape',
      jobId: randomUUID(),
      credits: 1,
      occurredAt: new Date('2026-11-22T08:00:00Z'),
      ...overrides,
    };
  }

  async function ledgerCredits(eventIds: string[]): Promise<number[]> {
    const rows = await database.db
      .selectFrom('credit_ledger')
      .select('credits')
      .where('idempotency_key', 'in', eventIds)
      .orderBy('occurred_at')
      .execute();
    return rows.map((row) => row.credits);
  }

  it('stores every charge of a batch, in the period it occurred in, and adds it to that period', async () => {
    const teamId = randomUUID();
    const charges = [
      charge(teamId, { credits: 1 }),
      charge(teamId, { credits: 5, occurredAt: new Date('2026-11-30T23:59:59Z') }),
      charge(teamId, { credits: 2, occurredAt: new Date('2026-12-01T00:00:00Z') }),
    ];

    expect((await ledger.charge(charges)).newCharges).toBe(3);

    expect(await ledgerCredits(charges.map((c) => c.eventId))).toEqual([1, 5, 2]);
    expect(await ledger.totals(teamId, november)).toEqual({ charged: 6, granted: 0, tokens: 0 });
    expect(await ledger.totals(teamId, december)).toEqual({ charged: 2, granted: 0, tokens: 0 });
  });

  it('charges a redelivered event once, keeping the first delivery, and counts it once', async () => {
    const teamId = randomUUID();
    const first = charge(teamId, { credits: 2 });

    await ledger.charge([first]);
    expect((await ledger.charge([{ ...first, credits: 9 }])).newCharges).toBe(0);

    expect(await ledgerCredits([first.eventId])).toEqual([2]);
    expect(await ledger.totals(teamId, november)).toEqual({ charged: 2, granted: 0, tokens: 0 });
  });

  it('charges a charge repeated inside one batch once, and the rest of the batch', async () => {
    const teamId = randomUUID();
    const repeated = charge(teamId);
    const other = charge(teamId);

    expect((await ledger.charge([repeated, other, repeated])).newCharges).toBe(2);

    expect(await ledger.totals(teamId, november)).toEqual({ charged: 2, granted: 0, tokens: 0 });
  });

  it('counts each charge once when two replicas record overlapping batches at the same time', async () => {
    const teamId = randomUUID();
    const charges = Array.from({ length: 200 }, () => charge(teamId));
    const reversed = [...charges].reverse();

    const inserted = await Promise.all([
      ledger.charge(charges),
      ledger.charge(reversed),
      ledger.charge(charges.slice(50)),
    ]);

    expect(inserted.reduce((sum, outcome) => sum + outcome.newCharges, 0)).toBe(200);
    expect(await ledger.totals(teamId, november)).toEqual({ charged: 200, granted: 0, tokens: 0 });
    expect(await ledger.drift()).toEqual([]);
  });

  it('charges a batch for many teams in one statement, and reads back where each team it charged stands now', async () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const plans = new PlansRepository(database.db);
    await plans.define({
      id: 'hundred',
      creditsPerPeriod: 100,
      concurrency: null,
      tokensPerPeriod: 1_000,
      rateLimits: {},
    });
    const teams = new TeamsRepository(database.db);
    const [limited, unlimited, repeated] = await Promise.all(
      ['limited', 'unlimited', 'repeated'].map((name) => teams.create(`${name}-${randomUUID()}`, 2)),
    );
    if (!limited || !unlimited || !repeated) throw new Error('teams not created');
    await plans.assign(limited.id, 'hundred');
    await ledger.grant({ idempotencyKey: randomUUID(), teamId: limited.id, credits: 10, reason: 'goodwill', at: now });
    const crawlJob = randomUUID();
    const reservations = new ReservationsRepository(database.db);
    const reservation = await reservations.reserve({
      teamId: limited.id,
      periodStart: november,
      planCredits: 100,
      wanted: 30,
      perPage: 1,
      expiresAt: new Date(now.getTime() + 3_600_000),
      now,
    });
    await reservations.bind(limited.id, reservation.id ?? '', crawlJob);
    await ledger.charge([charge(limited.id, { jobId: crawlJob, credits: 5 })], now);
    const already = charge(repeated.id);
    await ledger.charge([already], now);

    // One connection, on which an earlier group prepared the statement already.
    const counter = statementCounter();
    const connection = createKysely<BillingDatabase>(database.url, () => undefined, 1).withPlugin(counter);
    await new LedgerRepository(connection).charge([charge(unlimited.id)], now);
    counter.count = 0;
    const outcome = await new LedgerRepository(connection).charge(
      [
        charge(limited.id, { jobId: crawlJob, credits: 4, occurredAt: now }),
        charge(limited.id, { credits: 2, tokens: 300, occurredAt: now }),
        // Last period's page, delivered late: it counts in October, not in what the team has now.
        charge(limited.id, { credits: 7, occurredAt: new Date('2026-10-31T23:00:00Z') }),
        charge(unlimited.id, { occurredAt: now }),
        charge(unlimited.id, { occurredAt: now }),
        { ...already, credits: 9 },
        charge(randomUUID(), { occurredAt: now }),
      ],
      now,
    );

    await connection.destroy();
    expect(counter.count).toBe(1);
    expect(outcome.newCharges).toBe(6);
    expect(outcome.teams.sort((a) => (a.teamId === limited.id ? -1 : 1))).toEqual([
      // Charged 5 + 4 + 2 this period; the crawl's 30 reserved less its 9 charged pages is still held.
      { teamId: limited.id, planCredits: 100, planTokens: 1_000, charged: 11, granted: 10, tokens: 300, reserved: 21 },
      { teamId: unlimited.id, planCredits: null, planTokens: null, charged: 3, granted: 0, tokens: 0, reserved: 0 },
    ]);
    expect(await ledger.totals(limited.id, new Date('2026-10-01T00:00:00Z'))).toEqual({
      charged: 7,
      granted: 0,
      tokens: 0,
    });
  });

  it('keeps grants and revocations in their period, once per key, with their reason', async () => {
    const teamId = randomUUID();
    const at = new Date('2026-11-10T00:00:00Z');
    const grantKey = `grant:${randomUUID()}`;

    expect(await ledger.grant({ idempotencyKey: grantKey, teamId, credits: 10, reason: 'trial', at })).toBe(true);
    expect(await ledger.grant({ idempotencyKey: grantKey, teamId, credits: 10, reason: 'trial', at })).toBe(false);
    await ledger.revoke({ idempotencyKey: `revoke:${randomUUID()}`, teamId, credits: 3, reason: 'mistake', at });

    expect(await ledger.totals(teamId, november)).toEqual({ charged: 0, granted: 7, tokens: 0 });
    expect(await ledger.totals(teamId, december)).toEqual({ charged: 0, granted: 0, tokens: 0 });
    const rows = await ledger.rows(teamId, november, december);
    expect(rows.map((row) => [row.entry, row.credits, row.reason])).toEqual([
      ['grant', 10, 'trial'],
      ['revoke', 3, 'mistake'],
    ]);
  });

  it('sums charges and their tokens by period and, when asked, by API key', async () => {
    const teamId = randomUUID();
    const keyA = randomUUID();
    await ledger.charge([
      charge(teamId, { credits: 1, apiKeyId: keyA, tokens: 300 }),
      charge(teamId, { credits: 2 }),
      charge(teamId, { credits: 4, apiKeyId: keyA, tokens: 50, occurredAt: new Date('2026-12-02T00:00:00Z') }),
    ]);

    expect(await ledger.usageByPeriod(teamId, false)).toEqual([
      { periodStart: december, apiKeyId: null, charged: 4, tokens: 50 },
      { periodStart: november, apiKeyId: null, charged: 3, tokens: 300 },
    ]);
    expect(await ledger.usageByPeriod(teamId, true)).toEqual([
      { periodStart: december, apiKeyId: keyA, charged: 4, tokens: 50 },
      { periodStart: november, apiKeyId: keyA, charged: 1, tokens: 300 },
      { periodStart: november, apiKeyId: null, charged: 2, tokens: 0 },
    ]);
    expect(await ledger.totals(teamId, november)).toEqual({ charged: 3, granted: 0, tokens: 300 });
    // Charges of one batch share their time; the ledger writes them in its own order (by idempotency key).
    const novemberRows = await ledger.rows(teamId, november, december);
    expect(novemberRows.map((row) => [row.apiKeyId, row.tokens])).toEqual(
      expect.arrayContaining([
        [keyA, 300],
        [null, 0],
      ]),
    );
    expect(novemberRows).toHaveLength(2);
  });

  it('reports a running total that no longer matches its ledger rows', async () => {
    const teamId = randomUUID();
    await ledger.charge([charge(teamId, { credits: 3 })]);
    expect((await ledger.drift()).filter((drift) => drift.teamId === teamId)).toEqual([]);

    await database.db.updateTable('credit_balances').set({ charged: 1 }).where('team_id', '=', teamId).execute();

    expect((await ledger.drift()).filter((drift) => drift.teamId === teamId)).toEqual([
      {
        teamId,
        periodStart: november,
        ledger: { charged: 3, granted: 0, tokens: 0 },
        balance: { charged: 1, granted: 0, tokens: 0 },
      },
    ]);
    await database.db
      .updateTable('credit_balances')
      .set({ charged: 3, tokens: 7 })
      .where('team_id', '=', teamId)
      .execute();
    expect((await ledger.drift()).filter((drift) => drift.teamId === teamId)).toEqual([
      {
        teamId,
        periodStart: november,
        ledger: { charged: 3, granted: 0, tokens: 0 },
        balance: { charged: 3, granted: 0, tokens: 7 },
      },
    ]);
    await database.db.updateTable('credit_balances').set({ tokens: 0 }).where('team_id', '=', teamId).execute();
  });
});
