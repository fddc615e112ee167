import { Inject, Injectable } from '@nestjs/common';
import type { CrawlJobCancelReply, CrawlJobRef } from '@wh/contracts';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { CrawlPagesRepository } from '../database/crawl-pages.repository';
import { Transactions } from '../database/transactions';
import { WebhookNotifier } from '../webhooks/webhook-notifier';
import { DOCUMENT_RETENTION_MS } from './document-retention';
import { jobNotFound } from './job-not-found';

/**
 * Cancels a team's running job: its queued pages are dropped and it ends as `cancelled` (pages in flight settle as
 * cancelled when their results come). A job that had already ended answers with how it ended.
 */
@Injectable()
export class CancelJobService {
  constructor(
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(CrawlPagesRepository) private readonly pages: CrawlPagesRepository,
    @Inject(WebhookNotifier) private readonly notifier: WebhookNotifier,
    @Inject(DOCUMENT_RETENTION_MS) private readonly retentionMs: number,
  ) {}

  async execute(request: CrawlJobRef): Promise<CrawlJobCancelReply> {
    const outcome = await this.transactions.run(async (trx) => {
      const job = await this.jobs.lockForTeam(trx, request.teamId, request.kind, request.jobId);
      if (!job) return undefined;
      if (job.status !== 'scraping') return { status: job.status, deliveryId: undefined };
      await this.pages.cancelQueued(trx, job.id);
      await this.jobs.finish(trx, job.id, 'cancelled', this.retentionMs);
      // One event for the cancel, whatever number of pages it dropped.
      return {
        status: 'cancelled' as const,
        deliveryId: await this.notifier.record(trx, job, 'failed', [], 'Job cancelled'),
      };
    });
    if (!outcome) throw jobNotFound(request.kind);
    await this.notifier.queue([outcome.deliveryId ? { id: outcome.deliveryId, teamId: request.teamId } : undefined]);
    return { status: outcome.status };
  }
}
