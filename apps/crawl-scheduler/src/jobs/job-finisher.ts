import { Inject, Injectable } from '@nestjs/common';
import type { Trx } from '../database/crawl-database';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { WebhookNotifier } from '../webhooks/webhook-notifier';
import { DOCUMENT_RETENTION_MS } from './document-retention';
import type { Job } from './job';

/**
 * Ends a job once nothing is queued or in flight: `completed`, or `failed` when not one page could be scraped.
 * Runs inside the transaction that settled the last page, so exactly one caller sees the job end.
 */
@Injectable()
export class JobFinisher {
  constructor(
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(WebhookNotifier) private readonly notifier: WebhookNotifier,
    @Inject(DOCUMENT_RETENTION_MS) private readonly retentionMs: number,
  ) {}

  /** Returns the id of the webhook delivery to queue after commit, if any. */
  async finishIfDone(trx: Trx, job: Job): Promise<string | undefined> {
    if (job.status !== 'scraping' || !job.seeded) return undefined;
    if (await this.jobs.hasOpenPages(trx, job.id)) return undefined;
    const counts = await this.jobs.counts(job.id, trx);
    const failed = counts.completed === 0 && counts.failed > 0;
    await this.jobs.finish(trx, job.id, failed ? 'failed' : 'completed', this.retentionMs);
    return failed
      ? this.notifier.record(trx, job, 'failed', [], 'No page of the job could be scraped')
      : this.notifier.record(trx, job, 'completed', []);
  }
}
