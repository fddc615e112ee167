import { teamRow, testDatabase } from '@wh/testing';
import type { BillingDatabase } from '../database/billing-database';
import { TeamsRepository } from '../teams/teams.repository';
import { PlansRepository, UNLIMITED_PLAN_ID } from './plans.repository';

describe('PlansRepository', () => {
  const database = testDatabase<BillingDatabase>();
  let plans: PlansRepository;
  let teams: TeamsRepository;

  beforeAll(() => {
    plans = new PlansRepository(database.db);
    teams = new TeamsRepository(database.db);
  });

  it('gives a team without a plan the unlimited plan and its own concurrency', async () => {
    const team = await teams.create(teamRow().name, 7);

    expect(await plans.ofTeam(team.id)).toEqual({
      teamId: team.id,
      plan: { id: UNLIMITED_PLAN_ID, creditsPerPeriod: null, concurrency: null, tokensPerPeriod: null, rateLimits: {} },
      teamConcurrency: 7,
    });
  });

  it('puts a team on a defined plan, and gives it the plan’s new terms when the plan changes', async () => {
    const team = await teams.create(teamRow().name, 7);
    await plans.define({
      id: 'hobby-int',
      creditsPerPeriod: 100,
      concurrency: 2,
      tokensPerPeriod: 5000,
      rateLimits: { scrape: 5 },
    });
    await plans.assign(team.id, 'hobby-int');

    expect((await plans.ofTeam(team.id))?.plan).toEqual({
      id: 'hobby-int',
      creditsPerPeriod: 100,
      concurrency: 2,
      tokensPerPeriod: 5000,
      rateLimits: { scrape: 5 },
    });

    await plans.define({
      id: 'hobby-int',
      creditsPerPeriod: 200,
      concurrency: null,
      tokensPerPeriod: null,
      rateLimits: {},
    });
    expect((await plans.ofTeam(team.id))?.plan).toEqual({
      id: 'hobby-int',
      creditsPerPeriod: 200,
      concurrency: null,
      tokensPerPeriod: null,
      rateLimits: {},
    });
    expect(await plans.find('hobby-int')).toEqual((await plans.ofTeam(team.id))?.plan);
  });

  it('refuses a plan that does not exist and knows no unknown team', async () => {
    const team = await teams.create(teamRow().name, 1);

    await expect(plans.assign(team.id, 'no-such-plan')).rejects.toThrow(/foreign key/);
    expect(await plans.ofTeam('00000000-0000-4000-8000-00000000abcd')).toBeUndefined();
  });
});
