import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type ScrapeDocument, Subjects, type WebhookEventKind } from '@wh/contracts';
import { JetStreamPublisher } from '@wh/platform/messaging';
import type { Trx } from '../database/crawl-database';
import type { Job } from '../jobs/job';
import type { FinishedStatus } from '../jobs/job-finisher';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';

const EVENT_PREFIX = { crawl: 'crawl', batch: 'batch_scrape' } as const;

/**
 * Records a job's webhook events in the same transaction as the state change they report, and queues them for
 * delivery once that transaction committed. Events the caller did not subscribe to are not recorded.
 */
@Injectable()
export class WebhookNotifier {
  constructor(
    @Inject(WebhookDeliveriesRepository) private readonly deliveries: WebhookDeliveriesRepository,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
  ) {}

  /** Returns the delivery's id to pass to {@link queue} after commit, or undefined when nothing is to be sent. */
  async record(
    trx: Trx,
    job: Job,
    kind: WebhookEventKind,
    data: ScrapeDocument[],
    error?: string,
  ): Promise<string | undefined> {
    const webhook = job.webhook;
    if (!webhook || !webhook.events.includes(kind)) return undefined;
    const type = `${EVENT_PREFIX[job.kind]}.${kind}`;
    const body = JSON.stringify({
      success: kind !== 'failed',
      type,
      id: job.id,
      data,
      metadata: webhook.metadata,
      ...(error ? { error } : {}),
    });
    const id = randomUUID();
    await this.deliveries.insert(trx, {
      id,
      jobId: job.id,
      teamId: job.teamId,
      eventType: type,
      url: webhook.url,
      headers: webhook.headers,
      body,
    });
    return id;
  }

  /** The event of a job's end: `completed`, or `failed` when not one of its pages could be scraped. */
  async recordFinished(trx: Trx, job: Job, status: FinishedStatus): Promise<string | undefined> {
    return status === 'failed'
      ? this.record(trx, job, 'failed', [], 'No page of the job could be scraped')
      : this.record(trx, job, 'completed', []);
  }

  /** Queues recorded deliveries; the message id makes a repeated queueing of one delivery a no-op. */
  async queue(deliveries: ReadonlyArray<{ id: string; teamId: string } | undefined>): Promise<void> {
    const present = deliveries.filter((delivery): delivery is { id: string; teamId: string } => delivery !== undefined);
    for (const delivery of present) {
      await this.publisher.publish(
        Subjects.webhookDeliver,
        { deliveryId: delivery.id, teamId: delivery.teamId },
        { msgId: `webhook:${delivery.id}` },
      );
    }
    await this.deliveries.markQueued(present.map((delivery) => delivery.id));
  }
}
