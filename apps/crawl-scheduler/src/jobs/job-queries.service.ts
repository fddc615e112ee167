import { randomUUID } from 'node:crypto';
import {
  type ActiveCrawlsReply,
  type CrawlJobCancelReply,
  type CrawlJobErrorsReply,
  type CrawlJobRef,
  type CrawlJobStatusReply,
  type CrawlJobStatusRequest,
  ErrorCode,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { LargeObjectStore, NatsClient } from '@wh/platform/messaging';
import type { WebhookNotifier } from '../webhooks/webhook-notifier';
import type { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import type { Job } from './job';

/** A status page holds at most this much document data (spec 8). */
const STATUS_PAGE_BYTES = 10 * 1024 * 1024;
const DEFAULT_PAGE_LIMIT = 100_000;
/** Room in a reply for the fields around the documents. */
const REPLY_OVERHEAD_BYTES = 8_192;

/** Status pages, errors, cancel and the active list: reads and small writes scoped to the asking team. */
export class JobQueriesService {
  constructor(
    private readonly jobs: CrawlJobsRepository,
    private readonly notifier: WebhookNotifier,
    private readonly largeObjects: LargeObjectStore,
    private readonly nats: NatsClient,
    private readonly retentionMs: number,
  ) {}

  async status(request: CrawlJobStatusRequest): Promise<CrawlJobStatusReply> {
    const job = await this.require(request);
    const limit = request.limit ?? DEFAULT_PAGE_LIMIT;
    const [counts, page] = await Promise.all([
      this.jobs.counts(job.id),
      this.jobs.documents(job.id, request.skip, limit, STATUS_PAGE_BYTES),
    ]);
    const returned = page.documents.length;
    // `next` while more is stored, and while the job runs, for what it has yet to keep. An empty page of a
    // running job has no `next`, so pagers that follow it to the end (the SDK's) stop instead of spinning.
    const hasNext = page.more || (job.status === 'scraping' && returned > 0);
    const reply: CrawlJobStatusReply = {
      status: job.status,
      total: counts.total,
      completed: counts.completed,
      creditsUsed: job.creditsUsed,
      expiresAt: job.expiresAt.toISOString(),
      ...(hasNext ? { nextSkip: request.skip + returned } : {}),
    };
    const data = `[${page.documents.join(',')}]`;
    if (Buffer.byteLength(data) + REPLY_OVERHEAD_BYTES < this.nats.maxPayloadBytes) {
      return { ...reply, data: JSON.parse(data) as CrawlJobStatusReply['data'] };
    }
    const dataObject = `status-${randomUUID()}`;
    await this.largeObjects.put(dataObject, Buffer.from(data));
    return { ...reply, dataObject };
  }

  async cancel(request: CrawlJobRef): Promise<CrawlJobCancelReply> {
    let deliveryId: string | undefined;
    const outcome = await this.jobs.transaction(async (trx) => {
      const cancelled = await this.jobs.cancel(trx, request.teamId, request.kind, request.jobId, this.retentionMs);
      // One event for the cancel, whatever number of pages it dropped.
      if (cancelled?.cancelledNow) deliveryId = await this.notifier.record(trx, cancelled.job, 'failed', [], 'Job cancelled');
      return cancelled;
    });
    if (!outcome) throw notFound(request.kind);
    await this.notifier.queue([deliveryId ? { id: deliveryId, teamId: request.teamId } : undefined]);
    return { status: outcome.job.status };
  }

  async errors(request: CrawlJobRef): Promise<CrawlJobErrorsReply> {
    const job = await this.require(request);
    return this.jobs.failures(job.id);
  }

  async active(teamId: string): Promise<ActiveCrawlsReply> {
    const crawls = await this.jobs.activeCrawls(teamId);
    return {
      crawls: crawls.map((job) => {
        const { zeroDataRetention: _zeroDataRetention, ...scrapeOptions } = job.scrapeOptions;
        return { id: job.id, teamId: job.teamId, url: job.url, options: { ...job.crawlOptions, scrapeOptions } };
      }),
    };
  }

  private async require(request: CrawlJobRef): Promise<Job> {
    const job = await this.jobs.findForTeam(request.teamId, request.jobId, request.kind);
    if (!job) throw notFound(request.kind);
    return job;
  }
}

function notFound(kind: CrawlJobRef['kind']): DomainError {
  return new DomainError(ErrorCode.NotFound, kind === 'crawl' ? 'Crawl job not found' : 'Batch scrape job not found');
}
