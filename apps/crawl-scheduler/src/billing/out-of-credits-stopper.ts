import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type WireError } from '@wh/contracts';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { Transactions } from '../database/transactions';
import { DOCUMENT_RETENTION_MS } from '../jobs/document-retention';
import { WebhookNotifier } from '../webhooks/webhook-notifier';
import { CreditReservations } from './credit-reservations';
import { OutOfCreditsRepository } from './out-of-credits.repository';

/** What each page a stopped job never scraped reports on the errors route (Firecrawl's 402 message). */
export const OUT_OF_CREDITS_ERROR: WireError = {
  code: ErrorCode.InsufficientCredits,
  message:
    'Insufficient credits to perform this request. For more credits, you can upgrade your plan at https://firecrawl.dev/pricing or try changing the request limit to a lower value.',
};

/**
 * Stops a team's running crawls and batch scrapes once its credits are used up, keeping what they scraped: queued
 * pages fail with INSUFFICIENT_CREDITS, the job ends `completed` (`failed` when it had kept no page) with its
 * `completed` event, pages still in flight are dropped when their results come (never kept, never charged), and what
 * its reservation still held is released. Idempotent: a job already ended is left alone, so every replica may act on
 * the same announcement.
 */
@Injectable()
export class OutOfCreditsStopper {
  constructor(
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(OutOfCreditsRepository) private readonly repository: OutOfCreditsRepository,
    @Inject(WebhookNotifier) private readonly notifier: WebhookNotifier,
    @Inject(CreditReservations) private readonly reservations: CreditReservations,
    @Inject(DOCUMENT_RETENTION_MS) private readonly retentionMs: number,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Returns the ids of the jobs this call stopped. */
  async stopTeam(teamId: string): Promise<string[]> {
    const stopped: string[] = [];
    for (const jobId of await this.repository.runningJobIds(teamId)) {
      if (await this.stop(jobId)) stopped.push(jobId);
    }
    await this.reservations.release(stopped);
    return stopped;
  }

  private async stop(jobId: string): Promise<boolean> {
    const outcome = await this.transactions.run(async (trx) => {
      const job = await this.jobs.lock(trx, jobId);
      if (!job || job.status !== 'scraping') return undefined;
      const unscraped = await this.repository.failQueued(trx, job.id, OUT_OF_CREDITS_ERROR);
      const { completed } = await this.jobs.counts(job.id, trx);
      const status = completed > 0 ? 'completed' : 'failed';
      await this.jobs.finish(trx, job.id, status, this.retentionMs);
      const deliveryId =
        status === 'completed'
          ? await this.notifier.record(trx, job, 'completed', [])
          : await this.notifier.record(trx, job, 'failed', [], OUT_OF_CREDITS_ERROR.message);
      return { job, status, unscraped, deliveryId };
    });
    if (!outcome) return false;
    const { job, status, unscraped, deliveryId } = outcome;
    this.logger.info({ jobId, teamId: job.teamId, status, unscraped }, 'job stopped: the team ran out of credits');
    await this.notifier.queue([deliveryId ? { id: deliveryId, teamId: job.teamId } : undefined]);
    return true;
  }
}
