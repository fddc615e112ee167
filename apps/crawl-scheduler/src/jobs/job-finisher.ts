import type { Transaction } from 'kysely';
import type { CrawlDatabase } from '../database/crawl-database';
import type { WebhookNotifier } from '../webhooks/webhook-notifier';
import type { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import type { Job } from './job';

/**
 * Ends a job once nothing is queued or in flight: `completed`, or `failed` when not one page could be scraped.
 * Runs inside the transaction that settled the last page, so exactly one caller sees the job end.
 */
export class JobFinisher {
  constructor(
    private readonly jobs: CrawlJobsRepository,
    private readonly notifier: WebhookNotifier,
    private readonly retentionMs: number,
  ) {}

  /** Returns the id of the webhook delivery to queue after commit, if any. */
  async finishIfDone(trx: Transaction<CrawlDatabase>, job: Job): Promise<string | undefined> {
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
