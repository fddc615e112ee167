import { Body, Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import {
  type ActiveCrawlsReply,
  type CrawlOptionsFromPromptReply,
  type GeneratedCrawlOptions,
  type ResolvedCrawlOptions,
  Subjects,
} from '@wh/contracts';
import { NatsRequester } from '@wh/platform/messaging';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { Billed } from '../billing/billed.guard';
import { RemainingCredits } from '../billing/credit-allowance';
import { TeamCredits } from '../billing/team-credits';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { IdempotencyKey } from '../jobs/idempotency-key';
import { JobRoutes } from '../jobs/job-routes';
import { JobsClient } from '../jobs/jobs.client';
import { resolveWebhook } from '../jobs/webhook.dto';
import { resolveScrapeOptions } from '../scrape/resolve-scrape-options';
import { CrawlParamsPreviewDto } from './crawl-params-preview.dto';
import { CrawlPromptClient } from './crawl-prompt.client';
import { CrawlRequestDto } from './crawl-request.dto';
import { withPromptOptions } from './merge-prompt-options';
import { resolveCrawlOptions } from './resolve-crawl-options';

@Controller('v2/crawl')
@UseGuards(ApiKeyGuard)
export class CrawlController extends JobRoutes {
  constructor(
    @Inject(JobsClient) jobs: JobsClient,
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(TeamCredits) private readonly credits: TeamCredits,
    @Inject(CrawlPromptClient) private readonly prompts: CrawlPromptClient,
  ) {
    super(jobs, 'crawl');
  }

  @Post()
  @Billed('crawl')
  @HttpCode(200)
  async start(
    @CurrentTeam() team: TeamContext,
    @Body() body: CrawlRequestDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @RemainingCredits() remainingCredits: number | null,
  ): Promise<CrawlStartReply> {
    const generated = body.prompt?.trim()
      ? await this.prompts.generate({
          teamId: team.teamId,
          ...(team.apiKeyId ? { apiKeyId: team.apiKeyId } : {}),
          url: body.url,
          prompt: body.prompt,
          zeroDataRetention: body.zeroDataRetention ?? false,
        })
      : undefined;
    const resolved = resolveCrawlOptions(generated ? withPromptOptions(body, generated.options) : body);
    const scrapeOptions = resolveScrapeOptions(body.scrapeOptions ?? {}, body.zeroDataRetention ?? false);
    const webhook = resolveWebhook(body.webhook);
    const allowance = await this.credits.allow(
      team.teamId,
      resolved.limit,
      remainingCredits,
      'crawl limit',
      scrapeOptions,
    );
    const warning = [generated?.warning, allowance.warning].filter(Boolean).join('; ');
    let id: string;
    try {
      ({ id } = await this.jobs.create({
        teamId: team.teamId,
        ...(team.apiKeyId ? { apiKeyId: team.apiKeyId } : {}),
        teamConcurrencyLimit: team.concurrencyLimit,
        kind: 'crawl',
        url: body.url,
        crawlOptions: { ...resolved, limit: allowance.pages },
        scrapeOptions,
        ...(webhook ? { webhook } : {}),
        ...(body.maxConcurrency !== undefined ? { maxConcurrency: body.maxConcurrency } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
      }));
    } catch (error) {
      await this.credits.release(allowance);
      throw error;
    }
    await this.credits.bind(team.teamId, allowance, id);
    return {
      success: true,
      id,
      url: this.jobs.jobUrl('crawl', id),
      ...(warning ? { warning } : {}),
      ...(generated ? promptReport(generated, { ...resolved, limit: allowance.pages }) : {}),
    };
  }

  /** What a crawl `prompt` would set (Firecrawl's `crawlParamsPreview`), without crawling or charging. */
  @Post('params-preview')
  // It spends the model's tokens but no credits: refused once the plan's tokens are used up, never for credits.
  @Billed('crawl', { minimumCredits: 0, spendsTokens: true })
  @HttpCode(200)
  async paramsPreview(
    @CurrentTeam() team: TeamContext,
    @Body() body: CrawlParamsPreviewDto,
  ): Promise<{ success: true; data: { url: string } & GeneratedCrawlOptions; warning?: string }> {
    const generated = await this.prompts.generate({
      teamId: team.teamId,
      ...(team.apiKeyId ? { apiKeyId: team.apiKeyId } : {}),
      url: body.url,
      prompt: body.prompt,
      zeroDataRetention: body.zeroDataRetention ?? false,
    });
    return {
      success: true,
      data: { url: body.url, ...generated.options },
      ...(generated.warning ? { warning: generated.warning } : {}),
    };
  }

  @Get('active')
  @Billed('status')
  async active(@CurrentTeam() team: TeamContext): Promise<{ success: true } & ActiveCrawlsReply> {
    const reply = await this.requester.request(Subjects.crawlJobsActive, { teamId: team.teamId }, 10_000);
    return { success: true, ...reply };
  }
}

interface CrawlStartReply {
  success: true;
  id: string;
  url: string;
  warning?: string;
  /** With a `prompt`: what the model set, and the options the crawl runs with (explicit fields won). */
  promptGeneratedOptions?: GeneratedCrawlOptions;
  finalCrawlerOptions?: Omit<ResolvedCrawlOptions, 'prompt'>;
}

function promptReport(
  generated: CrawlOptionsFromPromptReply,
  final: ResolvedCrawlOptions,
): Pick<CrawlStartReply, 'promptGeneratedOptions' | 'finalCrawlerOptions'> {
  const { prompt: _prompt, ...finalCrawlerOptions } = final;
  return { promptGeneratedOptions: generated.options, finalCrawlerOptions };
}
