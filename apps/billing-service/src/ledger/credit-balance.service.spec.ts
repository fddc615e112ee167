import type { Plan, PlansRepository, TeamPlan } from '../plans/plans.repository';
import { CreditBalanceService, standingAfterCharges } from './credit-balance.service';
import type { LedgerRepository, PeriodTotals } from './ledger.repository';

function setup(plan: Plan | undefined, totals: PeriodTotals, now: Date, held = 0) {
  const teamPlan: TeamPlan | undefined = plan && { teamId: 'team-1', plan, teamConcurrency: 6 };
  const plans = { ofTeam: jest.fn().mockResolvedValue(teamPlan) };
  const ledger = { totals: jest.fn().mockResolvedValue(totals) };
  const service = new CreditBalanceService(
    plans as unknown as PlansRepository,
    ledger as unknown as LedgerRepository,
    { held: jest.fn().mockResolvedValue(held), reserve: jest.fn() },
    () => now,
  );
  return { service, ledger };
}

const limited: Plan = { id: 'hobby', creditsPerPeriod: 100, concurrency: 3, tokensPerPeriod: null, rateLimits: {} };

describe('CreditBalanceService', () => {
  it('is the plan’s credits plus this period’s grants minus its charges', async () => {
    const { service, ledger } = setup(
      limited,
      { charged: 30, granted: 5, tokens: 0 },
      new Date('2026-11-25T10:00:00Z'),
    );

    await expect(service.balanceOf('team-1')).resolves.toMatchObject({
      planCredits: 100,
      remainingCredits: 75,
      concurrency: 3,
      periodStart: new Date('2026-11-01T00:00:00Z'),
      periodEnd: new Date('2026-12-01T00:00:00Z'),
    });
    expect(ledger.totals).toHaveBeenCalledWith('team-1', new Date('2026-11-01T00:00:00Z'));
  });

  it('reads the new period’s totals once the clock passes the end of the old one', async () => {
    const { service, ledger } = setup(limited, { charged: 0, granted: 0, tokens: 0 }, new Date('2026-12-01T00:00:00Z'));

    await expect(service.balanceOf('team-1')).resolves.toMatchObject({ remainingCredits: 100 });
    expect(ledger.totals).toHaveBeenCalledWith('team-1', new Date('2026-12-01T00:00:00Z'));
  });

  it('takes the credits reserved for accepted jobs off what is left', async () => {
    const { service } = setup(limited, { charged: 30, granted: 0, tokens: 0 }, new Date('2026-11-25T10:00:00Z'), 50);

    await expect(service.balanceOf('team-1')).resolves.toMatchObject({ remainingCredits: 20, reservedCredits: 50 });
  });

  it('reports the plan’s tokens and what the period’s charges left of them', async () => {
    const { service } = setup(
      { ...limited, tokensPerPeriod: 10_000 },
      { charged: 3, granted: 0, tokens: 2_500 },
      new Date('2026-11-25T10:00:00Z'),
    );

    await expect(service.balanceOf('team-1')).resolves.toMatchObject({
      planTokens: 10_000,
      usedTokens: 2_500,
      remainingTokens: 7_500,
    });
  });

  it('never reports fewer than zero credits left', async () => {
    const { service } = setup(limited, { charged: 130, granted: 0, tokens: 0 }, new Date('2026-11-25T10:00:00Z'));

    await expect(service.balanceOf('team-1')).resolves.toMatchObject({ remainingCredits: 0, usedCredits: 130 });
  });

  it('has no credit limit on an unlimited plan and uses the team’s own concurrency when the plan sets none', async () => {
    const unlimited: Plan = {
      id: 'unlimited',
      creditsPerPeriod: null,
      concurrency: null,
      tokensPerPeriod: null,
      rateLimits: {},
    };
    const { service } = setup(unlimited, { charged: 1_000_000, granted: 0, tokens: 0 }, new Date());

    await expect(service.balanceOf('team-1')).resolves.toMatchObject({ remainingCredits: null, concurrency: 6 });
  });

  it('does not know a team that does not exist', async () => {
    const { service } = setup(undefined, { charged: 0, granted: 0, tokens: 0 }, new Date());

    await expect(service.balanceOf('team-1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('standingAfterCharges', () => {
  const team = { teamId: 'team-1', planCredits: 100, planTokens: null, granted: 0, tokens: 0, reserved: 0 };

  it('tells what a charged team has left, less what its reservations still hold, and when its credits are used up', () => {
    expect(standingAfterCharges({ ...team, charged: 105, granted: 5, reserved: 40 })).toEqual({
      usedUp: true,
      remainingCredits: 0,
      remainingTokens: null,
    });
    expect(standingAfterCharges({ ...team, charged: 50, reserved: 10 })).toEqual({
      usedUp: false,
      remainingCredits: 40,
      remainingTokens: null,
    });
    // Reservations are credits a job may still spend, not credits gone.
    expect(standingAfterCharges({ ...team, charged: 60, reserved: 60 }).usedUp).toBe(false);
  });

  it('has no limits on an unlimited plan, and counts tokens against a plan’s tokens', () => {
    expect(standingAfterCharges({ ...team, planCredits: null, charged: 9e6 })).toEqual({
      usedUp: false,
      remainingCredits: null,
      remainingTokens: null,
    });
    expect(standingAfterCharges({ ...team, planTokens: 1_000, charged: 1, tokens: 1_200 }).remainingTokens).toBe(0);
    expect(standingAfterCharges({ ...team, planTokens: 1_000, charged: 1, tokens: 300 }).remainingTokens).toBe(700);
  });
});
