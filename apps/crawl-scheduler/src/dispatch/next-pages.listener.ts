import { Inject, Injectable } from '@nestjs/common';
import type { Trx } from '../database/crawl-database';
import type { DispatchedPage } from '../database/crawl-pages.repository';
import type { Job } from '../jobs/job';
import type { AfterCommit, ResultOutcome, ResultOutcomeListener } from '../results/result-outcomes';
import { PageDispatcher } from './page-dispatcher';

/**
 * The concurrency a batch's results freed goes to their jobs' next pages: claimed in the batch's transaction, which
 * already holds each job's row (a job that just ended has no queued page left to claim), published after the commit.
 */
@Injectable()
export class NextPagesListener implements ResultOutcomeListener {
  constructor(@Inject(PageDispatcher) private readonly dispatcher: PageDispatcher) {}

  async withinTransaction(trx: Trx, outcomes: readonly ResultOutcome[]): Promise<AfterCommit> {
    const claims: { job: Job; pages: DispatchedPage[] }[] = [];
    for (const outcome of outcomes) {
      if (outcome.type === 'job-settled')
        claims.push({ job: outcome.job, pages: await this.dispatcher.claimWithin(trx, outcome.job) });
    }
    return async () => {
      await Promise.all(claims.map(({ job, pages }) => this.dispatcher.publish(job, pages)));
    };
  }
}
