import { randomUUID } from 'node:crypto';
import { type CreateCrawlJobReply, type CreateCrawlJobRequest, ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { WebhookNotifier } from '../webhooks/webhook-notifier';
import type { CrawlJobsRepository } from './crawl-jobs.repository';

/** Hours a running job's state is kept before it is considered abandoned (its documents expire with it). */
const RUNNING_JOB_RETENTION_MS = 24 * 3_600_000;

/**
 * Creates a batch scrape or a crawl. A batch's URLs are queued at once; a crawl is queued for seeding (robots.txt,
 * sitemaps), which any replica's loop picks up. Both announce `started` to their webhook.
 */
export class CreateJobService {
  constructor(
    private readonly jobs: CrawlJobsRepository,
    private readonly notifier: WebhookNotifier,
  ) {}

  async execute(request: CreateCrawlJobRequest): Promise<CreateCrawlJobReply> {
    const id = randomUUID();
    const urls = request.kind === 'batch' ? (request.urls ?? []) : [];
    const teamLimit = request.teamConcurrencyLimit;
    const delayMs = Math.round((request.crawlOptions?.delay ?? 0) * 1000);
    const deliveryId = await this.jobs.transaction(async (trx) => {
      const inserted = await this.jobs.insertJob(trx, {
        id,
        teamId: request.teamId,
        kind: request.kind,
        url: request.url,
        crawlOptions: request.crawlOptions ?? null,
        scrapeOptions: request.scrapeOptions,
        webhook: request.webhook ?? null,
        maxConcurrency: Math.min(request.maxConcurrency ?? teamLimit, teamLimit),
        teamConcurrencyLimit: teamLimit,
        delayMs,
        idempotencyKey: request.idempotencyKey ?? null,
        seeded: request.kind === 'batch',
        expiresAt: new Date(Date.now() + RUNNING_JOB_RETENTION_MS),
      });
      if (!inserted) {
        throw new DomainError(ErrorCode.Conflict, 'Idempotency key already used', { idempotencyKey: request.idempotencyKey });
      }
      const job = await this.jobs.lock(trx, id);
      if (!job) throw new DomainError(ErrorCode.Internal, 'job vanished while it was created');
      // Every URL of a batch is scraped as given, duplicates included: the position is its identity.
      await this.jobs.insertPages(trx, job, urls.map((url, index) => ({ urlKey: `#${index}`, url, depth: 0 })));
      return this.notifier.record(trx, job, 'started', []);
    });
    await this.notifier.queue([deliveryId ? { id: deliveryId, teamId: request.teamId } : undefined]);
    return { id };
  }
}
