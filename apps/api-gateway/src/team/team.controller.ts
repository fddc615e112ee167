import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { type CreditUsageHistoryReply, Subjects } from '@wh/contracts';
import { NatsRequester } from '@wh/platform/messaging';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { Billed } from '../billing/billed.guard';
import { TeamCredits } from '../billing/team-credits';
import { HistoricalUsageQueryDto } from './team-usage.dto';

/**
 * What an unlimited plan reports as its credits (and tokens): the SDK reads a missing number as 0, which would look
 * like an empty balance. Self-hosted Firecrawl answers the same way.
 */
export const UNLIMITED_CREDITS = 99_999_999;

const REQUEST_TIMEOUT_MS = 5_000;

/** Firecrawl v2's team usage routes: credits, tokens, the concurrency queue. */
@Controller('v2')
@UseGuards(ApiKeyGuard)
export class TeamController {
  constructor(
    @Inject(TeamCredits) private readonly credits: TeamCredits,
    @Inject(NatsRequester) private readonly requester: NatsRequester,
  ) {}

  @Get('team/credit-usage')
  @Billed('status')
  async creditUsage(@CurrentTeam() team: TeamContext) {
    const credits = await this.credits.fresh(team.teamId);
    return {
      success: true,
      data: {
        remainingCredits: credits.remainingCredits ?? UNLIMITED_CREDITS,
        planCredits: credits.planCredits ?? UNLIMITED_CREDITS,
        billingPeriodStart: credits.billingPeriodStart,
        billingPeriodEnd: credits.billingPeriodEnd,
      },
    };
  }

  @Get('team/credit-usage/historical')
  @Billed('status')
  async creditUsageHistorical(@CurrentTeam() team: TeamContext, @Query() query: HistoricalUsageQueryDto) {
    const byApiKey = query.byApiKey === 'true';
    const periods = await this.history(team, byApiKey);
    return {
      success: true,
      periods: periods.map((period) => ({
        startDate: period.startDate,
        endDate: period.endDate,
        ...(byApiKey ? { apiKey: period.apiKeyId ?? null } : {}),
        creditsUsed: period.creditsUsed,
      })),
    };
  }

  @Get('team/token-usage')
  @Billed('status')
  async tokenUsage(@CurrentTeam() team: TeamContext) {
    const credits = await this.credits.fresh(team.teamId);
    return {
      success: true,
      data: {
        remainingTokens: credits.remainingTokens ?? UNLIMITED_CREDITS,
        planTokens: credits.planTokens ?? UNLIMITED_CREDITS,
        billingPeriodStart: credits.billingPeriodStart,
        billingPeriodEnd: credits.billingPeriodEnd,
      },
    };
  }

  /** Periods (and keys) in which LLM tokens were charged; those with credits alone are left out. */
  @Get('team/token-usage/historical')
  @Billed('status')
  async tokenUsageHistorical(@CurrentTeam() team: TeamContext, @Query() query: HistoricalUsageQueryDto) {
    const byApiKey = query.byApiKey === 'true';
    const periods = await this.history(team, byApiKey);
    return {
      success: true,
      periods: periods
        .filter((period) => period.tokensUsed > 0)
        .map((period) => ({
          startDate: period.startDate,
          endDate: period.endDate,
          ...(byApiKey ? { apiKey: period.apiKeyId ?? null } : {}),
          tokensUsed: period.tokensUsed,
        })),
    };
  }

  @Get('team/queue-status')
  @Billed('status')
  async queueStatus(@CurrentTeam() team: TeamContext) {
    const [queue, credits] = await Promise.all([
      this.requester.request(Subjects.teamQueueStatus, { teamId: team.teamId }, REQUEST_TIMEOUT_MS),
      this.credits.of(team.teamId),
    ]);
    return {
      success: true,
      jobsInQueue: queue.activeJobsInQueue + queue.waitingJobsInQueue,
      activeJobsInQueue: queue.activeJobsInQueue,
      waitingJobsInQueue: queue.waitingJobsInQueue,
      maxConcurrency: credits.concurrency,
      mostRecentSuccess: queue.mostRecentSuccess,
    };
  }

  private async history(team: TeamContext, byApiKey: boolean): Promise<CreditUsageHistoryReply['periods']> {
    const reply = await this.requester.request(
      Subjects.creditUsageHistory,
      { teamId: team.teamId, byApiKey },
      REQUEST_TIMEOUT_MS,
    );
    return reply.periods;
  }

  @Get('concurrency-check')
  @Billed('status')
  async concurrencyCheck(@CurrentTeam() team: TeamContext) {
    const [queue, credits] = await Promise.all([
      this.requester.request(Subjects.teamQueueStatus, { teamId: team.teamId }, REQUEST_TIMEOUT_MS),
      this.credits.of(team.teamId),
    ]);
    return { success: true, concurrency: queue.activeJobsInQueue, maxConcurrency: credits.concurrency };
  }
}
