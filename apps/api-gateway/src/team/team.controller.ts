import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { Subjects, type TeamCreditsReply } from '@wh/contracts';
import { NatsRequester } from '@wh/platform/messaging';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { Billed } from '../billing/billed.guard';
import { TeamCredits } from '../billing/team-credits';
import { HistoricalUsageQueryDto } from './team-usage.dto';

/**
 * What an unlimited plan reports as its credits: the SDK reads a missing number as 0, which would look like an empty
 * balance. Self-hosted Firecrawl answers the same way.
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
    const { periods } = await this.requester.request(
      Subjects.creditUsageHistory,
      { teamId: team.teamId, byApiKey },
      REQUEST_TIMEOUT_MS,
    );
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

  /** No LLM tokens are billed yet (extraction is not charged in tokens): every count is 0. */
  @Get('team/token-usage')
  @Billed('status')
  async tokenUsage(@CurrentTeam() team: TeamContext) {
    const credits: TeamCreditsReply = await this.credits.of(team.teamId);
    return {
      success: true,
      data: {
        remainingTokens: 0,
        planTokens: 0,
        billingPeriodStart: credits.billingPeriodStart,
        billingPeriodEnd: credits.billingPeriodEnd,
      },
    };
  }

  @Get('team/token-usage/historical')
  @Billed('status')
  tokenUsageHistorical(@Query() _query: HistoricalUsageQueryDto) {
    return { success: true, periods: [] };
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
