import { apiKeyRow, teamRow, testDatabase } from '@wh/testing';
import type { BillingDatabase } from '../database/billing-database';
import { PlansRepository } from '../plans/plans.repository';
import { ApiKeysRepository } from './api-keys.repository';

describe('ApiKeysRepository', () => {
  const database = testDatabase<BillingDatabase>();
  let keys: ApiKeysRepository;

  beforeAll(() => {
    keys = new ApiKeysRepository(database.db);
  });

  async function aTeam(concurrencyLimit = 10): Promise<string> {
    const row = await database.db
      .insertInto('teams')
      .values(teamRow({ concurrency_limit: concurrencyLimit }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function aKey(teamId: string, label: string | null = null): Promise<{ id: string; hash: string }> {
    const { row } = apiKeyRow(teamId);
    return { id: await keys.create(teamId, row.key_hash, row.key_prefix, label), hash: row.key_hash };
  }

  it("finds an active key by its hash, with its team's concurrency limit", async () => {
    const teamId = await aTeam(7);
    const key = await aKey(teamId);

    expect(await keys.findActiveByHash(key.hash)).toEqual({ keyId: key.id, teamId, concurrencyLimit: 7 });
    expect(await keys.findActiveByHash(apiKeyRow(teamId).row.key_hash)).toBeUndefined();
  });

  it("gives the plan's concurrency when the team's plan sets one", async () => {
    const teamId = await aTeam(7);
    const key = await aKey(teamId);
    const plans = new PlansRepository(database.db);
    await plans.define({
      id: 'two-at-a-time',
      creditsPerPeriod: null,
      concurrency: 2,
      tokensPerPeriod: null,
      rateLimits: {},
    });
    await plans.assign(teamId, 'two-at-a-time');

    expect(await keys.findActiveByHash(key.hash)).toEqual({ keyId: key.id, teamId, concurrencyLimit: 2 });
  });

  it('stores each hash once', async () => {
    const teamId = await aTeam();
    const { row } = apiKeyRow(teamId);
    await keys.create(teamId, row.key_hash, row.key_prefix, null);

    await expect(keys.create(await aTeam(), row.key_hash, row.key_prefix, null)).rejects.toThrow(/unique/);
  });

  it('lists only the asking team its keys, oldest first', async () => {
    const teamId = await aTeam();
    const first = await aKey(teamId, 'first');
    const second = await aKey(teamId, 'second');
    await aKey(await aTeam(), 'another team');

    const listed = await keys.listForTeam(teamId);

    expect(listed.map((key) => [key.id, key.label, key.revokedAt])).toEqual([
      [first.id, 'first', null],
      [second.id, 'second', null],
    ]);
  });

  it('revokes a key once, for its own team only; a revoked key is no longer found', async () => {
    const teamId = await aTeam();
    const key = await aKey(teamId);

    expect(await keys.revoke(await aTeam(), key.id)).toBeUndefined();
    expect(await keys.findActiveByHash(key.hash)).toBeDefined();

    expect(await keys.revoke(teamId, key.id)).toBe(key.hash);
    expect(await keys.revoke(teamId, key.id)).toBeUndefined();
    expect(await keys.findActiveByHash(key.hash)).toBeUndefined();
    expect((await keys.listForTeam(teamId))[0]?.revokedAt).toBeInstanceOf(Date);
  });
});
