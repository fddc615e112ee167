import { Controller, Inject } from '@nestjs/common';
import {
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

@Controller()
@PreserveRpcErrors()
export class CreditsHandler {
  constructor(
    @Inject(CreditBalanceService) private readonly balances: CreditBalanceService,
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
  ) {}

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
    };
  }

  @HandleRequest(Subjects.creditUsageHistory)
  async history(request: CreditUsageHistoryRequest): Promise<CreditUsageHistoryReply> {
    const periods = await this.ledger.chargedByPeriod(request.teamId, request.byApiKey);
    return {
      periods: periods.map((period) => ({
        startDate: period.periodStart.toISOString(),
        endDate: billingPeriodAt(period.periodStart).end.toISOString(),
        ...(request.byApiKey && period.apiKeyId ? { apiKeyId: period.apiKeyId } : {}),
        creditsUsed: period.charged,
      })),
    };
  }
}
