import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { Plan, PlansRepository } from '../plans/plans.repository';
import { billingPeriodAt } from './billing-period';
import type { LedgerRepository } from './ledger.repository';
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

  /**
   * The teams among these whose charges of the current period reached their plan's credits and grants. Reservations
   * do not count here: a job's own reservation is credits it may still spend, while used-up credits are gone.
   */
  async usedUpAmong(teamIds: Iterable<string>): Promise<Set<string>> {
    const usedUp = new Set<string>();
    const periodStart = billingPeriodAt(this.now()).start;
    for (const teamId of new Set(teamIds)) {
      const planCredits = (await this.plans.ofTeam(teamId))?.plan.creditsPerPeriod ?? null;
      if (planCredits === null) continue;
      const totals = await this.ledger.totals(teamId, periodStart);
      if (planCredits + totals.granted - totals.charged <= 0) usedUp.add(teamId);
    }
    return usedUp;
  }

  /**
   * Each charged team's standing after its charges, read once per team: on a plan without credit or token limits
   * only the plan is read. A team billing does not know is left out.
   */
  async afterCharges(teamIds: Iterable<string>): Promise<Map<string, StandingAfterCharges>> {
    const standings = new Map<string, StandingAfterCharges>();
    for (const teamId of new Set(teamIds)) {
      const teamPlan = await this.plans.ofTeam(teamId);
      if (!teamPlan) continue;
      if (teamPlan.plan.creditsPerPeriod === null && teamPlan.plan.tokensPerPeriod === null) {
        standings.set(teamId, { usedUp: false, remainingCredits: null, remainingTokens: null });
        continue;
      }
      const balance = await this.balanceOf(teamId);
      const planCredits = balance.planCredits;
      standings.set(teamId, {
        usedUp: planCredits !== null && planCredits + balance.grantedCredits - balance.usedCredits <= 0,
        remainingCredits: balance.remainingCredits,
        remainingTokens: balance.remainingTokens,
      });
    }
    return standings;
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
