import { Inject, Injectable } from '@nestjs/common';
import type { Trx } from '../database/crawl-database';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { DOCUMENT_RETENTION_MS } from './document-retention';
import { HiddenPages } from './hidden-pages';
import type { Job } from './job';

/** How a job ends by itself (a cancelled job is ended by its cancel). */
export type FinishedStatus = 'completed' | 'failed';

/**
 * Ends a job once nothing is queued or in flight: `completed`, or `failed` when not one page could be scraped.
 * Runs inside the transaction that settled the last page, so exactly one caller sees the job end.
 */
@Injectable()
export class JobFinisher {
  constructor(
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(DOCUMENT_RETENTION_MS) private readonly retentionMs: number,
    @Inject(HiddenPages) private readonly hiddenPages: HiddenPages,
  ) {}

  /**
   * How the job ended, when this call ended it. `openPages`: whether the job has pages queued or in flight, when the
   * caller's own statement in this transaction already found out.
   */
  async finishIfDone(trx: Trx, job: Job, openPages?: boolean): Promise<FinishedStatus | undefined> {
    if (job.status !== 'scraping' || !job.seeded) return undefined;
    if (openPages ?? (await this.jobs.hasOpenPages(trx, job.id))) return undefined;
    // A change-tracking crawl goes on with the pages it no longer links to, once.
    if ((await this.hiddenPages.queueWhenDone(trx, job)) > 0) return undefined;
    const counts = await this.jobs.counts(job.id, trx);
    const status = counts.completed === 0 && counts.failed > 0 ? 'failed' : 'completed';
    await this.jobs.finish(trx, job.id, status, this.retentionMs);
    return status;
  }
}
