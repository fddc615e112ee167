import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { Plan, PlansRepository } from '../plans/plans.repository';
import { billingPeriodAt } from './billing-period';
import type { LedgerRepository } from './ledger.repository';

/** A team's standing in its current period; credits are null on an unlimited plan. */
export interface TeamBalance {
  teamId: string;
  plan: Plan;
  concurrency: number;
  planCredits: number | null;
  /** Grants minus revocations of this period. */
  grantedCredits: number;
  usedCredits: number;
  remainingCredits: number | null;
  periodStart: Date;
  periodEnd: Date;
}

/** Derives a team's balance from its plan and the ledger's totals of the period `now` falls in. */
export class CreditBalanceService {
  constructor(
    private readonly plans: PlansRepository,
    private readonly ledger: LedgerRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async balanceOf(teamId: string): Promise<TeamBalance> {
    const teamPlan = await this.plans.ofTeam(teamId);
    if (!teamPlan) throw new DomainError(ErrorCode.NotFound, `Team ${teamId} not found`);
    const period = billingPeriodAt(this.now());
    const totals = await this.ledger.totals(teamId, period.start);
    const planCredits = teamPlan.plan.creditsPerPeriod;
    return {
      teamId,
      plan: teamPlan.plan,
      concurrency: teamPlan.plan.concurrency ?? teamPlan.teamConcurrency,
      planCredits,
      grantedCredits: totals.granted,
      usedCredits: totals.charged,
      remainingCredits: planCredits === null ? null : Math.max(0, planCredits + totals.granted - totals.charged),
      periodStart: period.start,
      periodEnd: period.end,
    };
  }
}
