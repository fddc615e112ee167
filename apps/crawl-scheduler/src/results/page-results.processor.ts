import { Inject, Injectable } from '@nestjs/common';
import type { ScrapeJobFinishedEvent } from '@wh/contracts';
import { Transactions } from '../database/transactions';
import { JobResultsKeeper } from './job-results-keeper';
import { ResultLoader } from './result-loader';
import {
  type AfterCommit,
  RESULT_OUTCOME_LISTENERS,
  type ResultOutcome,
  type ResultOutcomeListener,
} from './result-outcomes';

/**
 * Keeps a batch of page results in one transaction (one lock per job, one statement per job for the documents), and
 * hands what that did to the outcome listeners: their writes join the transaction, their publishes (charges,
 * webhook events, the next pages) run after it committed. `process` returns, and the batch is acknowledged, only
 * after the commit and every listener's publish: a crash before that redelivers the batch, which keeps nothing again
 * and publishes again under the same message ids (billing records each page once).
 */
@Injectable()
export class PageResultsProcessor {
  constructor(
    @Inject(ResultLoader) private readonly loader: ResultLoader,
    @Inject(JobResultsKeeper) private readonly keeper: JobResultsKeeper,
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(RESULT_OUTCOME_LISTENERS) private readonly listeners: readonly ResultOutcomeListener[],
  ) {}

  async process(events: readonly ScrapeJobFinishedEvent[]): Promise<void> {
    const byJob = await this.loader.load(events);
    const afterCommit = await this.transactions.run(async (trx) => {
      const outcomes: ResultOutcome[] = [];
      // Jobs in id order: two replicas keeping results of the same jobs never wait on each other's locks.
      for (const jobId of [...byJob.keys()].sort())
        outcomes.push(...(await this.keeper.keep(trx, jobId, byJob.get(jobId) ?? [])));
      const steps: AfterCommit[] = [];
      for (const listener of this.listeners) steps.push(await listener.withinTransaction(trx, outcomes));
      return steps;
    });
    // Every step runs whatever became of the others: pages claimed in the committed transaction are published only
    // here, and a redelivered batch does not claim them again. The first failure still fails the batch.
    const failures: unknown[] = [];
    for (const step of afterCommit) await step().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  }
}
