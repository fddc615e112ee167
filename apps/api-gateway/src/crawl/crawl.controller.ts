import { Body, Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, Query, UseGuards } from '@nestjs/common';
import { type ActiveCrawlsReply, Subjects } from '@wh/contracts';
import { NatsRequester } from '@wh/platform/messaging';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { IdempotencyKey } from '../jobs/idempotency-key';
import { JobStatusQueryDto } from '../jobs/job-status-query.dto';
import { JobsClient, type JobStatusResponse } from '../jobs/jobs.client';
import { resolveWebhook } from '../jobs/webhook.dto';
import { resolveScrapeOptions } from '../scrape/resolve-scrape-options';
import { CrawlRequestDto } from './crawl-request.dto';
import { resolveCrawlOptions } from './resolve-crawl-options';

@Controller('v2/crawl')
@UseGuards(ApiKeyGuard)
export class CrawlController {
  constructor(
    @Inject(JobsClient) private readonly jobs: JobsClient,
    @Inject(NatsRequester) private readonly requester: NatsRequester,
  ) {}

  @Post()
  @HttpCode(200)
  async start(
    @CurrentTeam() team: TeamContext,
    @Body() body: CrawlRequestDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<{ success: true; id: string; url: string }> {
    const crawlOptions = resolveCrawlOptions(body);
    const scrapeOptions = resolveScrapeOptions(body.scrapeOptions ?? {}, body.zeroDataRetention ?? false);
    const webhook = resolveWebhook(body.webhook);
    const { id } = await this.jobs.create({
      teamId: team.teamId,
      teamConcurrencyLimit: team.concurrencyLimit,
      kind: 'crawl',
      url: body.url,
      crawlOptions,
      scrapeOptions,
      ...(webhook ? { webhook } : {}),
      ...(body.maxConcurrency !== undefined ? { maxConcurrency: body.maxConcurrency } : {}),
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    return { success: true, id, url: this.jobs.jobUrl('crawl', id) };
  }

  @Get('active')
  async active(@CurrentTeam() team: TeamContext): Promise<{ success: true } & ActiveCrawlsReply> {
    const reply = await this.requester.request(Subjects.crawlJobsActive, { teamId: team.teamId }, 10_000);
    return { success: true, ...reply };
  }

  @Get(':id')
  status(
    @CurrentTeam() team: TeamContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: JobStatusQueryDto,
  ): Promise<JobStatusResponse> {
    return this.jobs.status(team.teamId, 'crawl', id, query);
  }

  @Get(':id/errors')
  errors(@CurrentTeam() team: TeamContext, @Param('id', new ParseUUIDPipe()) id: string) {
    return this.jobs.errors(team.teamId, 'crawl', id);
  }

  @Delete(':id')
  cancel(@CurrentTeam() team: TeamContext, @Param('id', new ParseUUIDPipe()) id: string) {
    return this.jobs.cancel(team.teamId, 'crawl', id);
  }
}
