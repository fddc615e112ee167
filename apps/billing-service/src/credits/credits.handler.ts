import { Controller, Inject } from '@nestjs/common';
import {
  CreditsBindRequest,
  CreditsReleaseRequest,
  type CreditsReserveReply,
  CreditsReserveRequest,
  type CreditUsageHistoryReply,
  CreditUsageHistoryRequest,
  Subjects,
  type TeamCreditsReply,
  TeamCreditsRequest,
} from '@wh/contracts';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { billingPeriodAt } from '../ledger/billing-period';
import { CreditBalanceService } from '../ledger/credit-balance.service';
import { LedgerRepository } from '../ledger/ledger.repository';
import { ReservationsRepository } from '../ledger/reservations.repository';
import { CreditsChangedNotifier } from './credits-changed.notifier';

/**
 * How long a reservation holds when its job never says it ended (a lost release): long enough for a large crawl,
 * short enough that a lost release does not keep a team's credits for long.
 */
const RESERVATION_TTL_MS = 6 * 3_600_000;

@Controller()
@PreserveRpcErrors()
export class CreditsHandler {
  constructor(
    @Inject(CreditBalanceService) private readonly balances: CreditBalanceService,
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(CreditsChangedNotifier) private readonly notifier: CreditsChangedNotifier,
  ) {}

  @HandleRequest(Subjects.creditsReserve)
  async reserve(request: CreditsReserveRequest): Promise<CreditsReserveReply> {
    const reservation = await this.balances.reserve(
      request.teamId,
      request.credits,
      RESERVATION_TTL_MS,
      request.perPage ?? 1,
    );
    if (reservation.reservationId) await this.notifier.teamsChanged([request.teamId]);
    return reservation;
  }

  @HandleRequest(Subjects.creditsBind)
  async bind(request: CreditsBindRequest): Promise<{ bound: boolean }> {
    return { bound: await this.reservations.bind(request.teamId, request.reservationId, request.jobId) };
  }

  @HandleRequest(Subjects.creditsRelease)
  async release(request: CreditsReleaseRequest): Promise<{ released: boolean }> {
    const teamId = await this.reservations.release(request, new Date());
    if (teamId) await this.notifier.teamsChanged([teamId]);
    return { released: teamId !== undefined };
  }

  @HandleRequest(Subjects.creditsCheck)
  async check(request: TeamCreditsRequest): Promise<TeamCreditsReply> {
    const balance = await this.balances.balanceOf(request.teamId);
    return {
      planId: balance.plan.id,
      planCredits: balance.planCredits,
      remainingCredits: balance.remainingCredits,
      billingPeriodStart: balance.periodStart.toISOString(),
      billingPeriodEnd: balance.periodEnd.toISOString(),
      concurrency: balance.concurrency,
      rateLimits: balance.plan.rateLimits,
      planTokens: balance.planTokens,
      remainingTokens: balance.remainingTokens,
    };
  }

  @HandleRequest(Subjects.creditUsageHistory)
  async history(request: CreditUsageHistoryRequest): Promise<CreditUsageHistoryReply> {
    const periods = await this.ledger.usageByPeriod(request.teamId, request.byApiKey);
    return {
      periods: periods.map((period) => ({
        startDate: period.periodStart.toISOString(),
        endDate: billingPeriodAt(period.periodStart).end.toISOString(),
        ...(request.byApiKey && period.apiKeyId ? { apiKeyId: period.apiKeyId } : {}),
        creditsUsed: period.charged,
        tokensUsed: period.tokens,
      })),
    };
  }
}
