import { Inject, Injectable } from '@nestjs/common';
import type { Trx } from '../database/crawl-database';
import type { AfterCommit, ResultOutcome, ResultOutcomeListener } from '../results/result-outcomes';
import { WebhookNotifier } from './webhook-notifier';

type Delivery = { id: string; teamId: string } | undefined;

/**
 * A `page` event for every page a batch kept and a `completed` or `failed` event for every job it ended, recorded in
 * the batch's transaction (an event exists exactly when its state change committed) in the order they happened,
 * and queued in that order after the commit.
 */
@Injectable()
export class WebhookEventsListener implements ResultOutcomeListener {
  constructor(@Inject(WebhookNotifier) private readonly notifier: WebhookNotifier) {}

  async withinTransaction(trx: Trx, outcomes: readonly ResultOutcome[]): Promise<AfterCommit> {
    const deliveries: Delivery[] = [];
    for (const outcome of outcomes) {
      let deliveryId: string | undefined;
      if (outcome.type === 'page-kept')
        deliveryId = await this.notifier.record(trx, outcome.job, 'page', [outcome.documentJson]);
      if (outcome.type === 'job-finished')
        deliveryId = await this.notifier.recordFinished(trx, outcome.job, outcome.status);
      if (deliveryId) deliveries.push({ id: deliveryId, teamId: outcome.job.teamId });
    }
    return () => this.notifier.queue(deliveries);
  }
}
