import type { Transaction } from 'kysely';
import { Streams, Subjects } from '@wh/contracts';
import type { Logger } from '@wh/platform/logging';
import type { JetStreamPublisher } from '@wh/platform/messaging';
import type { CrawlDatabase } from '../database/crawl-database';
import type { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import type { CrawlPagesRepository, DispatchedPage } from '../database/crawl-pages.repository';
import type { Job } from '../jobs/job';

/** How long past its own timeout a scheduled page may wait in the queue behind other work. */
const QUEUE_ALLOWANCE_MS = 10 * 60_000;
/** Pages dispatched this close to the edge of the duplicate window are left to the stale-dispatch sweep. */
const DUPLICATE_WINDOW_MARGIN_MS = 60_000;

/**
 * Sends a job's queued pages to the scrape-workers' work queue, within the job's and the team's concurrency and
 * the job's delay. Pages are marked dispatched before they are published; a publish lost to a crash is found by
 * the stale-dispatch sweep and sent again.
 */
export class PageDispatcher {
  constructor(
    private readonly jobs: CrawlJobsRepository,
    private readonly pages: CrawlPagesRepository,
    private readonly publisher: JetStreamPublisher,
    private readonly logger: Logger,
  ) {}

  async dispatch(jobId: string): Promise<number> {
    const claimed = await this.jobs.transaction(async (trx) => {
      const job = await this.jobs.find(jobId, trx);
      return job && { job, pages: await this.claimWithin(trx, job) };
    });
    if (!claimed) return 0;
    await this.publish(claimed.job, claimed.pages);
    return claimed.pages.length;
  }

  /**
   * Claims what the job may send now inside the caller's transaction (one that already holds the job's row);
   * the caller hands the pages to {@link publish} once it committed.
   */
  async claimWithin(trx: Transaction<CrawlDatabase>, job: Job): Promise<DispatchedPage[]> {
    if (job.status !== 'scraping' || !job.seeded || job.nextDispatchAt > new Date()) return [];
    return this.claim(trx, job);
  }

  async publish(job: Job, pages: readonly DispatchedPage[]): Promise<void> {
    await Promise.all(pages.map((page) => this.publishOne(job, page)));
  }

  /**
   * Publishes again the pages dispatched within the work queue's duplicate window, under the message ids they were
   * first published with: JetStream drops each one that did go out, and sends the ones a crash lost between the
   * claim's commit and its publish, which would otherwise wait for the stale-dispatch sweep.
   */
  async republishRecent(): Promise<number> {
    const pages = await this.pages.dispatchedSince(new Date(Date.now() - Streams.scrapeJobs.duplicateWindowMs + DUPLICATE_WINDOW_MARGIN_MS));
    const byJob = new Map<string, DispatchedPage[]>();
    for (const { job_id: jobId, ...page } of pages) byJob.set(jobId, [...(byJob.get(jobId) ?? []), page]);
    for (const job of await this.jobs.findMany([...byJob.keys()])) await this.publish(job, byJob.get(job.id) ?? []);
    return pages.length;
  }

  private async claim(trx: Transaction<CrawlDatabase>, job: Job): Promise<DispatchedPage[]> {
    if (job.delayMs === 0) return this.pages.claimForDispatch(trx, job, Number.MAX_SAFE_INTEGER);
    // A delayed job sends one page per delay, so the site sees requests spaced by at least the delay.
    const pages = await this.pages.claimForDispatch(trx, job, 1);
    if (pages.length > 0) await this.jobs.delayNextDispatch(trx, job.id, new Date(Date.now() + job.delayMs));
    return pages;
  }

  private async publishOne(job: Job, page: DispatchedPage): Promise<void> {
    try {
      await this.publisher.publish(
        Subjects.scrapeJobRun,
        {
          jobId: page.id,
          teamId: job.teamId,
          url: page.url,
          origin: 'scheduled',
          options: job.scrapeOptions,
          deadlineAt: Date.now() + job.scrapeOptions.timeout + QUEUE_ALLOWANCE_MS,
          discoverLinks: job.kind === 'crawl' && job.crawlOptions.sitemap !== 'only',
        },
        { msgId: `${page.id}:${page.attempts}` },
      );
    } catch (error) {
      this.logger.warn({ err: error, jobId: job.id, pageId: page.id }, 'dispatch publish failed; page queued again');
      await this.pages.requeue(page.id);
    }
  }
}
