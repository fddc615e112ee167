import type { Trx } from '../database/crawl-database';
import type { FinishedStatus } from '../jobs/job-finisher';
import type { Job } from '../jobs/job';

/** What keeping a batch of results did, in order: jobs by id, and each job's pages in the order of the batch. */
export type ResultOutcome =
  /** A page's result was kept now, with its document (as JSON text) and the credits it costs. */
  | { type: 'page-kept'; job: Job; pageId: string; documentJson: string; credits: number; tokens: number }
  /** A result came again for a page kept earlier (a redelivery after a crash): nothing is kept again. */
  | { type: 'page-kept-earlier'; job: Job; pageId: string; credits: number; tokens: number }
  /** The batch settled the job's last open page: the job ended. */
  | { type: 'job-finished'; job: Job; status: FinishedStatus }
  /** The job's results in the batch are settled and its row stays locked until the commit: pages freed room. */
  | { type: 'job-settled'; job: Job };

/** What a listener does once the batch committed: publishing, which cannot be rolled back. */
export type AfterCommit = () => Promise<void>;

/**
 * A stage that reacts to kept results (billing, webhooks, dispatch) without the results stage knowing it. It is
 * called inside the batch's transaction once the results are written, for the writes that must commit or roll back
 * with them (a webhook event recorded with the state it reports, the next pages claimed under the job lock the batch
 * holds). The step it returns runs only after the commit, never when the commit failed, and the batch's messages are
 * acknowledged only after every listener's step returned.
 */
export interface ResultOutcomeListener {
  withinTransaction(trx: Trx, outcomes: readonly ResultOutcome[]): Promise<AfterCommit>;
}

/** Injection token of the listeners, in the order their after-commit steps run. */
export const RESULT_OUTCOME_LISTENERS = Symbol('RESULT_OUTCOME_LISTENERS');
