import { Inject, Injectable } from '@nestjs/common';
import {
  type ActiveCrawlsReply,
  type CrawlJobErrorsReply,
  type CrawlJobRef,
  type CrawlJobStatusReply,
  type CrawlJobStatusRequest,
} from '@wh/contracts';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import type { Job } from './job';
import { jobNotFound } from './job-not-found';

/** A status page holds at most this much document data (spec 8). */
const STATUS_PAGE_BYTES = 10 * 1024 * 1024;
const DEFAULT_PAGE_LIMIT = 100_000;

/** Status pages, errors and the active list: reads scoped to the asking team. */
@Injectable()
export class JobQueriesService {
  constructor(@Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository) {}

  async status(request: CrawlJobStatusRequest): Promise<CrawlJobStatusReply> {
    const job = await this.require(request);
    const limit = request.limit ?? DEFAULT_PAGE_LIMIT;
    // The counts come with the job's row: a poll counts no pages.
    const page = await this.jobs.documents(job.id, request.skip, limit, STATUS_PAGE_BYTES);
    const returned = page.documents.length;
    // `next` while more is stored, and while the job runs, for what it has yet to keep. An empty page of a
    // running job has no `next`, so pagers that follow it to the end (the SDK's) stop instead of spinning.
    const hasNext = page.more || (job.status === 'scraping' && returned > 0);
    return {
      status: job.status,
      total: job.pages.total,
      completed: job.pages.completed,
      creditsUsed: job.creditsUsed,
      expiresAt: job.expiresAt.toISOString(),
      dataJson: `[${page.documents.join(',')}]`,
      ...(hasNext ? { nextSkip: request.skip + returned } : {}),
    };
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
    if (!job) throw jobNotFound(request.kind);
    return job;
  }
}
