import { Inject, Injectable } from '@nestjs/common';
import type { ScrapeDocument, ScrapeJobFinishedEvent } from '@wh/contracts';
import { CrawlJobsRepository, type NewPage } from '../database/crawl-jobs.repository';
import { type CrawlPageRow, CrawlPagesRepository } from '../database/crawl-pages.repository';
import { CrawlFrontier } from '../frontier/crawl-frontier';
import type { Job } from '../jobs/job';

/** One result with everything that can be worked out before the transaction. */
export interface PreparedResult {
  event: ScrapeJobFinishedEvent;
  page: CrawlPageRow;
  document: ScrapeDocument | undefined;
  discovered: NewPage[];
}

/**
 * Reads what a batch of results needs before its transaction: their pages and jobs, their documents, and the links
 * they discovered (robots.txt may have to be fetched for those, which has no place inside a transaction).
 */
@Injectable()
export class ResultLoader {
  constructor(
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(CrawlPagesRepository) private readonly pages: CrawlPagesRepository,
    @Inject(CrawlFrontier) private readonly frontier: CrawlFrontier,
  ) {}

  /** The batch's results by job id. */
  async load(events: readonly ScrapeJobFinishedEvent[]): Promise<Map<string, PreparedResult[]>> {
    // A redelivery can share a batch with the delivery it repeats: one of them is kept, both are acknowledged.
    const distinct = [...new Map(events.map((event) => [event.jobId, event])).values()];
    const pages = new Map(
      (await this.pages.findMany(distinct.map((event) => event.jobId))).map((page) => [page.id, page]),
    );
    // A page of an expired (deleted) job, or an event that does not match its page's team, has nothing to keep.
    const owned = distinct.filter((event) => pages.get(event.jobId)?.team_id === event.teamId);
    const jobIds = [...new Set(owned.map((event) => pages.get(event.jobId)?.job_id ?? ''))];
    const jobs = new Map((await this.jobs.findMany(jobIds)).map((job) => [job.id, job]));
    const byJob = new Map<string, PreparedResult[]>();
    await Promise.all(
      owned.map(async (event) => {
        const page = pages.get(event.jobId);
        const job = page && jobs.get(page.job_id);
        if (!page || !job) return;
        const prepared = await this.prepare(job, page, event);
        byJob.set(job.id, [...(byJob.get(job.id) ?? []), prepared]);
      }),
    );
    return byJob;
  }

  private async prepare(job: Job, page: CrawlPageRow, event: ScrapeJobFinishedEvent): Promise<PreparedResult> {
    const document = event.status === 'completed' ? event.document : undefined;
    const discovered = document
      ? await this.frontier.discover(job, page.depth + 1, document.metadata.url, event.discoveredLinks ?? [])
      : [];
    return { event, page, document, discovered };
  }
}
