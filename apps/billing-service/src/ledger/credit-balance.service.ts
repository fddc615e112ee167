import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { Plan, PlansRepository } from '../plans/plans.repository';
import { billingPeriodAt } from './billing-period';
import type { ChargedTeam, LedgerRepository } from './ledger.repository';
import type { ReservationsRepository } from './reservations.repository';

/** A team's standing in its current period; credits are null on an unlimited plan. */
export interface TeamBalance {
  teamId: string;
  plan: Plan;
  concurrency: number;
  planCredits: number | null;
  /** Grants minus revocations of this period. */
  grantedCredits: number;
  usedCredits: number;
  /** Set aside for accepted crawls and batches, beyond what they were charged so far. */
  reservedCredits: number;
  remainingCredits: number | null;
  /** LLM tokens: the plan's (null: unlimited), charged this period, left. */
  planTokens: number | null;
  usedTokens: number;
  remainingTokens: number | null;
  periodStart: Date;
  periodEnd: Date;
}

/** What a team has left once charges of it committed, for the announcement that tells gateways. */
export interface StandingAfterCharges {
  /** Charges reached the plan's credits and grants (reservations do not count here). */
  usedUp: boolean;
  /** Credits left less open reservations; null on an unlimited plan. */
  remainingCredits: number | null;
  remainingTokens: number | null;
}

/** What a team has left once a batch of charges is in, from where the batch left it (`LedgerRepository.charge`). */
export function standingAfterCharges(team: ChargedTeam): StandingAfterCharges {
  const { planCredits, planTokens } = team;
  return {
    usedUp: planCredits !== null && planCredits + team.granted - team.charged <= 0,
    remainingCredits:
      planCredits === null ? null : Math.max(0, planCredits + team.granted - team.charged - team.reserved),
    remainingTokens: planTokens === null ? null : Math.max(0, planTokens - team.tokens),
  };
}

/**
 * Derives a team's balance from its plan, the ledger's totals and the open reservations of the period `now` falls in,
 * and sets credits aside for accepted jobs.
 */
export class CreditBalanceService {
  constructor(
    private readonly plans: PlansRepository,
    private readonly ledger: LedgerRepository,
    private readonly reservations: Pick<ReservationsRepository, 'held' | 'reserve'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Up to `wanted` credits for a job, in whole multiples of `perPage` (what one of its pages costs), for at most
   * `ttlMs`; everything on an unlimited plan.
   */
  async reserve(
    teamId: string,
    wanted: number,
    ttlMs: number,
    perPage = 1,
  ): Promise<{ reservationId: string | null; granted: number }> {
    const teamPlan = await this.plans.ofTeam(teamId);
    if (!teamPlan) throw new DomainError(ErrorCode.NotFound, `Team ${teamId} not found`);
    const planCredits = teamPlan.plan.creditsPerPeriod;
    if (planCredits === null) return { reservationId: null, granted: wanted };
    const now = this.now();
    const reservation = await this.reservations.reserve({
      teamId,
      periodStart: billingPeriodAt(now).start,
      planCredits,
      wanted,
      perPage,
      expiresAt: new Date(now.getTime() + ttlMs),
      now,
    });
    return { reservationId: reservation.id, granted: reservation.granted };
  }

  async balanceOf(teamId: string): Promise<TeamBalance> {
    const teamPlan = await this.plans.ofTeam(teamId);
    if (!teamPlan) throw new DomainError(ErrorCode.NotFound, `Team ${teamId} not found`);
    const now = this.now();
    const period = billingPeriodAt(now);
    const totals = await this.ledger.totals(teamId, period.start);
    const planCredits = teamPlan.plan.creditsPerPeriod;
    const planTokens = teamPlan.plan.tokensPerPeriod;
    const reserved = planCredits === null ? 0 : await this.reservations.held(teamId, period.start, now);
    return {
      teamId,
      plan: teamPlan.plan,
      concurrency: teamPlan.plan.concurrency ?? teamPlan.teamConcurrency,
      planCredits,
      grantedCredits: totals.granted,
      usedCredits: totals.charged,
      reservedCredits: reserved,
      remainingCredits:
        planCredits === null ? null : Math.max(0, planCredits + totals.granted - totals.charged - reserved),
      planTokens,
      usedTokens: totals.tokens,
      remainingTokens: planTokens === null ? null : Math.max(0, planTokens - totals.tokens),
      periodStart: period.start,
      periodEnd: period.end,
    };
  }
}
