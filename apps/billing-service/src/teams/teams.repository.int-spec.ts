import { teamRow, testDatabase } from '@wh/testing';
import type { BillingDatabase } from '../database/billing-database';
import { TeamsRepository } from './teams.repository';

describe('TeamsRepository', () => {
  const database = testDatabase<BillingDatabase>();
  let teams: TeamsRepository;

  beforeAll(() => {
    teams = new TeamsRepository(database.db);
  });

  it('creates a team with its concurrency limit and finds it by name', async () => {
    const { name } = teamRow();
    const created = await teams.create(name, 3);

    expect(created).toEqual({ id: expect.any(String), name, concurrencyLimit: 3 });
    expect(await teams.findByName(name)).toEqual(created);
    expect(await teams.findByName(teamRow().name)).toBeUndefined();
  });

  it('refuses a second team of the same name', async () => {
    const { name } = teamRow();
    await teams.create(name, 1);

    await expect(teams.create(name, 1)).rejects.toThrow(/unique/);
  });

  it('keeps the first webhook secret stored, even when first calls race', async () => {
    const team = await teams.create(teamRow().name, 1);

    const raced = await Promise.all(['a', 'b', 'c', 'd'].map((candidate) => teams.webhookSecret(team.id, candidate)));

    expect(new Set(raced).size).toBe(1);
    expect(await teams.webhookSecret(team.id, 'later')).toBe(raced[0]);
  });

  it('gives no secret for a team that does not exist, and stores none', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';

    expect(await teams.webhookSecret(missing, 'candidate')).toBeUndefined();
    expect(await database.db.selectFrom('teams').select('id').where('id', '=', missing).execute()).toEqual([]);
  });
});
