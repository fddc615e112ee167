import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type CreateCrawlJobReply, type CreateCrawlJobRequest, ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { CrawlJobsRepository, type NewJob } from '../database/crawl-jobs.repository';
import { Transactions } from '../database/transactions';
import { NewWorkSignal } from '../dispatch/new-work-signal';
import { WebhookNotifier } from '../webhooks/webhook-notifier';

/** Hours a running job's state is kept before it is considered abandoned (its documents expire with it). */
const RUNNING_JOB_RETENTION_MS = 24 * 3_600_000;

/**
 * Creates a batch scrape or a crawl. A batch's URLs are queued at once; a crawl is queued for seeding (robots.txt,
 * sitemaps), which any replica's loop picks up. Both announce `started` to their webhook.
 */
@Injectable()
export class CreateJobService {
  constructor(
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(WebhookNotifier) private readonly notifier: WebhookNotifier,
    @Inject(NewWorkSignal) private readonly newWork: NewWorkSignal,
  ) {}

  async execute(request: CreateCrawlJobRequest): Promise<CreateCrawlJobReply> {
    const id = randomUUID();
    const created = newJob(id, request);
    const urls = created.kind === 'batch' ? (request.urls ?? []) : [];
    const deliveryId = await this.transactions.run(async (trx) => {
      const inserted = await this.jobs.insertJob(trx, created);
      if (!inserted) {
        throw new DomainError(ErrorCode.Conflict, 'Idempotency key already used', {
          idempotencyKey: request.idempotencyKey,
        });
      }
      const job = await this.jobs.lock(trx, id);
      if (!job) throw new DomainError(ErrorCode.Internal, 'job vanished while it was created');
      // Every URL of a batch is scraped as given, duplicates included: the position is its identity.
      await this.jobs.insertPages(
        trx,
        job,
        urls.map((url, index) => ({ urlKey: `#${index}`, url, depth: 0 })),
      );
      return this.notifier.record(trx, job, 'started', []);
    });
    this.newWork.signal();
    await this.notifier.queue([deliveryId ? { id: deliveryId, teamId: request.teamId } : undefined]);
    return { id };
  }
}

function newJob(id: string, request: CreateCrawlJobRequest): NewJob {
  const teamLimit = request.teamConcurrencyLimit;
  const state = {
    id,
    teamId: request.teamId,
    apiKeyId: request.apiKeyId ?? null,
    url: request.url,
    scrapeOptions: request.scrapeOptions,
    webhook: request.webhook ?? null,
    maxConcurrency: Math.min(request.maxConcurrency ?? teamLimit, teamLimit),
    teamConcurrencyLimit: teamLimit,
    idempotencyKey: request.idempotencyKey ?? null,
    expiresAt: new Date(Date.now() + RUNNING_JOB_RETENTION_MS),
  };
  if (request.kind === 'batch') return { ...state, kind: 'batch', delayMs: 0, seeded: true };
  // The gateway resolves every crawl's options; a crawl without them is a broken request, not a batch.
  if (!request.crawlOptions) throw new DomainError(ErrorCode.BadRequest, 'A crawl needs its crawl options');
  return {
    ...state,
    kind: 'crawl',
    crawlOptions: request.crawlOptions,
    delayMs: Math.round((request.crawlOptions.delay ?? 0) * 1000),
    seeded: false,
  };
}
