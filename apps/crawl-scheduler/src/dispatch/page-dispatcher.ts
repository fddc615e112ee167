import { Inject, Injectable } from '@nestjs/common';
import { type DiscoveryScope, Streams } from '@wh/contracts';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { ScrapeClient } from '@wh/scrape-client';
import type { Trx } from '../database/crawl-database';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { CrawlPagesRepository, type DispatchedPage } from '../database/crawl-pages.repository';
import { Transactions } from '../database/transactions';
import type { Crawl, Job } from '../jobs/job';

/** How long past its own timeout a scheduled page may wait in the queue behind other work. */
const QUEUE_ALLOWANCE_MS = 10 * 60_000;
/** Pages dispatched this close to the edge of the duplicate window are left to the stale-dispatch sweep. */
const DUPLICATE_WINDOW_MARGIN_MS = 60_000;

/**
 * Sends a job's queued pages to the scrape-workers' work queue, within the job's and the team's concurrency and
 * the job's delay. Pages are marked dispatched before they are published; a publish lost to a crash is found by
 * the stale-dispatch sweep and sent again.
 */
@Injectable()
export class PageDispatcher {
  constructor(
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(CrawlPagesRepository) private readonly pages: CrawlPagesRepository,
    @Inject(ScrapeClient) private readonly scrapes: ScrapeClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Claims what the job may send now inside the caller's transaction (one that already holds the job's row);
   * the caller hands the pages to {@link publish} once it committed.
   */
  async claimWithin(trx: Trx, job: Job): Promise<DispatchedPage[]> {
    if (job.status !== 'scraping' || !job.seeded || job.nextDispatchAt > new Date()) return [];
    return this.claim(trx, job);
  }

  async publish(job: Job, pages: readonly DispatchedPage[]): Promise<void> {
    await Promise.all(pages.map((page) => this.publishOne(job, page)));
  }

  /**
   * Dispatches the running jobs whose turn has come, up to `limit` of them, as the one query found them; returns how
   * many there were.
   */
  async dispatchDue(limit: number): Promise<number> {
    const due = await this.jobs.dispatchable(limit);
    for (const job of due) await this.dispatch(job.id);
    return due.length;
  }

  /** Hands pages whose dispatch was lost (dispatched before `olderThan`, no result since) back to the queue. */
  async requeueStale(olderThan: Date): Promise<number> {
    return this.pages.requeueStale(olderThan);
  }

  /**
   * Publishes again the pages dispatched within the work queue's duplicate window, under the message ids they were
   * first published with: JetStream drops each one that did go out, and sends the ones a crash lost between the
   * claim's commit and its publish, which would otherwise wait for the stale-dispatch sweep.
   */
  async republishRecent(): Promise<number> {
    const pages = await this.pages.dispatchedSince(
      new Date(Date.now() - Streams.scrapeJobs.duplicateWindowMs + DUPLICATE_WINDOW_MARGIN_MS),
    );
    const byJob = new Map<string, DispatchedPage[]>();
    for (const { job_id: jobId, ...page } of pages) byJob.set(jobId, [...(byJob.get(jobId) ?? []), page]);
    for (const job of await this.jobs.findMany([...byJob.keys()])) await this.publish(job, byJob.get(job.id) ?? []);
    return pages.length;
  }

  /**
   * Takes the job's row before the team's lock and the pages, the order of every transaction that changes a job and
   * its pages (a cancel, a batch of results): claiming first and then setting a delayed job's next dispatch on its
   * row deadlocked with a cancel, which holds the row and waits for the queued pages.
   */
  async dispatch(jobId: string): Promise<number> {
    const claimed = await this.transactions.run(async (trx) => {
      const job = await this.jobs.lock(trx, jobId);
      return job && { job, pages: await this.claimWithin(trx, job) };
    });
    if (!claimed) return 0;
    await this.publish(claimed.job, claimed.pages);
    return claimed.pages.length;
  }

  private async claim(trx: Trx, job: Job): Promise<DispatchedPage[]> {
    if (job.delayMs === 0) return this.pages.claimForDispatch(trx, job, Number.MAX_SAFE_INTEGER);
    // A delayed job sends one page per delay, so the site sees requests spaced by at least the delay.
    const pages = await this.pages.claimForDispatch(trx, job, 1);
    if (pages.length > 0) await this.jobs.delayNextDispatch(trx, job.id, new Date(Date.now() + job.delayMs));
    return pages;
  }

  private async publishOne(job: Job, page: DispatchedPage): Promise<void> {
    try {
      await this.scrapes.submit(
        {
          jobId: page.id,
          teamId: job.teamId,
          url: page.url,
          origin: 'scheduled',
          options: job.scrapeOptions,
          deadlineAt: Date.now() + job.scrapeOptions.timeout + QUEUE_ALLOWANCE_MS,
          // A hidden page is only reported: what it links to is not part of this crawl.
          ...(job.kind === 'crawl' && job.crawlOptions.sitemap !== 'only' && !page.hidden
            ? { discoverLinks: true, discoveryScope: discoveryScope(job) }
            : { discoverLinks: false }),
          ...(page.hidden ? { hidden: true } : {}),
        },
        `${page.id}:${page.attempts}`,
      );
    } catch (error) {
      this.logger.warn({ err: error, jobId: job.id, pageId: page.id }, 'dispatch publish failed; page queued again');
      await this.pages.requeue(page.id);
    }
  }
}

/** What the worker needs to send back only the links the crawl may follow; the frontier still applies the rest. */
function discoveryScope(crawl: Crawl): DiscoveryScope {
  const options = crawl.crawlOptions;
  return {
    startUrl: crawl.url,
    crawlEntireDomain: options.crawlEntireDomain,
    allowSubdomains: options.allowSubdomains,
    allowExternalLinks: options.allowExternalLinks,
    includePaths: options.includePaths,
    excludePaths: options.excludePaths,
    regexOnFullURL: options.regexOnFullURL,
  };
}
