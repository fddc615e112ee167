import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';
import type { Trx } from '../database/crawl-database';
import { CrawlJobsRepository, type NewPage } from '../database/crawl-jobs.repository';
import { type CompletedPage, CrawlPagesRepository } from '../database/crawl-pages.repository';
import { CrawlFrontier } from '../frontier/crawl-frontier';
import { JobFinisher } from '../jobs/job-finisher';
import type { PreparedResult } from './result-loader';
import type { ResultOutcome } from './result-outcomes';

/**
 * Keeps the results of one job inside the batch's transaction, under the job's lock: their documents (unless zero
 * data retention) and credits, the links they add to a crawl's frontier, and the job's end when its last open page
 * settled. Idempotent: a redelivered or late result of a page already settled keeps nothing again.
 */
@Injectable()
export class JobResultsKeeper {
  constructor(
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(CrawlPagesRepository) private readonly pages: CrawlPagesRepository,
    @Inject(CrawlFrontier) private readonly frontier: CrawlFrontier,
    @Inject(JobFinisher) private readonly finisher: JobFinisher,
  ) {}

  async keep(trx: Trx, jobId: string, results: readonly PreparedResult[]): Promise<ResultOutcome[]> {
    const job = await this.jobs.lock(trx, jobId);
    if (!job) return [];
    const locked = new Map(
      (
        await this.pages.lockMany(
          trx,
          results.map((result) => result.page.id),
        )
      ).map((page) => [page.id, page]),
    );
    const outcomes: ResultOutcome[] = [];
    const completed: CompletedPage[] = [];
    const discovered: NewPage[] = [];
    for (const { event, page, document, discovered: links } of results) {
      const current = locked.get(page.id);
      if (!current) continue;
      if (current.state !== 'dispatched' && current.state !== 'queued') {
        if (current.state === 'completed')
          outcomes.push({
            type: 'page-kept-earlier',
            job,
            pageId: page.id,
            credits: current.credits,
            tokens: current.tokens,
          });
        continue;
      }
      if (job.status !== 'scraping') {
        await this.pages.settle(trx, page.id, 'cancelled');
        continue;
      }
      if (!document) {
        await this.pages.fail(trx, page.id, event.error ?? { code: ErrorCode.Internal, message: 'scrape failed' });
        continue;
      }
      if (await this.frontier.isRedirectDuplicate(trx, job, current, document.url)) {
        await this.pages.settle(trx, page.id, 'duplicate');
        continue;
      }
      const credits = event.credits ?? 1;
      const tokens = event.tokens ?? 0;
      completed.push({ pageId: page.id, document: job.zeroDataRetention ? null : document.json, credits, tokens });
      discovered.push(...links);
      outcomes.push({ type: 'page-kept', job, pageId: page.id, documentJson: document.json, credits, tokens });
    }
    await this.pages.completeMany(trx, job.id, completed);
    // Discovered links are queued before the end is checked: a crawl whose last page found new ones goes on. The
    // frontier's statement tells whether the job has open pages left, which spares the finisher its own.
    const admitted = await this.frontier.admit(trx, job, discovered);
    const finished = await this.finisher.finishIfDone(trx, job, admitted?.openPages);
    if (finished) outcomes.push({ type: 'job-finished', job, status: finished });
    outcomes.push({ type: 'job-settled', job });
    return outcomes;
  }
}
