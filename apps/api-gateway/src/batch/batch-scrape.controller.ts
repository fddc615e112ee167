import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
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
import { isHttpUrl, withScheme } from '../http/target-url';
import { BatchScrapeRequestDto } from './batch-scrape-request.dto';

@Controller('v2/batch/scrape')
@UseGuards(ApiKeyGuard)
export class BatchScrapeController extends JobRoutes {
  constructor(
    @Inject(JobsClient) jobs: JobsClient,
    @Inject(TeamCredits) private readonly credits: TeamCredits,
  ) {
    super(jobs, 'batch');
  }

  @Post()
  @Billed('batch')
  @HttpCode(200)
  async start(
    @CurrentTeam() team: TeamContext,
    @Body() body: BatchScrapeRequestDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @RemainingCredits() remainingCredits: number | null,
  ): Promise<{ success: true; id: string; url: string; invalidURLs?: string[]; warning?: string }> {
    const {
      urls: given,
      webhook: webhookBody,
      maxConcurrency,
      ignoreInvalidURLs = true,
      zeroDataRetention,
      origin: _origin,
      integration: _integration,
      ...options
    } = body;
    const scrapeOptions = resolveScrapeOptions(options, zeroDataRetention ?? false);
    const valid: string[] = [];
    const invalid: string[] = [];
    for (const url of given) {
      const normalised = String(withScheme({ value: url }));
      if (isHttpUrl(normalised)) valid.push(normalised);
      else invalid.push(url);
    }
    if (invalid.length > 0 && !ignoreInvalidURLs) {
      throw new DomainError(ErrorCode.BadRequest, `Bad Request: invalid URLs: ${invalid.slice(0, 20).join(', ')}`, {
        invalidURLs: invalid,
      });
    }
    if (valid.length === 0) {
      throw new DomainError(ErrorCode.BadRequest, 'Bad Request: no valid URL to scrape', { invalidURLs: invalid });
    }
    const webhook = resolveWebhook(webhookBody);
    const allowance = await this.credits.allow(
      team.teamId,
      valid.length,
      remainingCredits,
      'number of URLs',
      scrapeOptions,
    );
    const { warning } = allowance;
    const urls = valid.slice(0, allowance.pages);
    let id: string;
    try {
      ({ id } = await this.jobs.create({
        teamId: team.teamId,
        ...(team.apiKeyId ? { apiKeyId: team.apiKeyId } : {}),
        teamConcurrencyLimit: team.concurrencyLimit,
        kind: 'batch',
        url: urls[0] ?? '',
        urls,
        scrapeOptions,
        ...(webhook ? { webhook } : {}),
        ...(maxConcurrency !== undefined ? { maxConcurrency } : {}),
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
      url: this.jobs.jobUrl('batch', id),
      ...(ignoreInvalidURLs ? { invalidURLs: invalid } : {}),
      ...(warning ? { warning } : {}),
    };
  }
}
