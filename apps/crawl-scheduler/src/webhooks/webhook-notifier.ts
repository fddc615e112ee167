import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type WebhookEventKind } from '@wh/contracts';
import { JetStreamPublisher } from '@wh/platform/messaging';
import type { Trx } from '../database/crawl-database';
import type { Job } from '../jobs/job';
import type { FinishedStatus } from '../jobs/job-finisher';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { jsonWithRawMember } from '../results/json-splice';
import { WEBHOOK_FILE_LINKS, type WebhookFileLinks } from './webhook-file-links';

const EVENT_PREFIX = { crawl: 'crawl', batch: 'batch_scrape' } as const;

/** The events that end a job's stream: sent after the first attempt of every page event before them. */
const TERMINAL_KINDS: readonly WebhookEventKind[] = ['completed', 'failed'];

type DeliveryRef = { id: string; teamId: string };

/**
 * Records a job's webhook events in the same transaction as the state change they report, and queues them for
 * delivery once that transaction committed. Events the caller did not subscribe to are not recorded.
 *
 * Order: every call to {@link record} runs under the job's row lock (creation, results, seeding and cancel all
 * lock it), so the job's events are numbered 1, 2, ... in the order they happened. An event is recorded `held`
 * while one it must follow has not finished its first attempt: a terminal event follows every earlier event, a page
 * event follows `started` (page events go in parallel among themselves). Whoever finishes the last such attempt
 * queues it ({@link releaseHeld}, called by the delivery handler, by {@link queue} and by the housekeeping).
 */
@Injectable()
export class WebhookNotifier {
  constructor(
    @Inject(WebhookDeliveriesRepository) private readonly deliveries: WebhookDeliveriesRepository,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
    @Inject(WEBHOOK_FILE_LINKS) private readonly fileLinks: WebhookFileLinks,
  ) {}

  /**
   * Returns the delivery's id to pass to {@link queue} after commit, or undefined when nothing is to be sent.
   * Must run in a transaction that holds the job's row lock.
   */
  async record(
    trx: Trx,
    job: Job,
    kind: WebhookEventKind,
    documentsJson: readonly string[],
    error?: string,
  ): Promise<string | undefined> {
    const webhook = job.webhook;
    if (!webhook || !webhook.events.includes(kind)) return undefined;
    const type = `${EVENT_PREFIX[job.kind]}.${kind}`;
    const sequence = await this.deliveries.nextSequence(trx, job.id);
    const terminal = TERMINAL_KINDS.includes(kind);
    // The documents are the JSON texts the scheduler stored: spliced in, not parsed and serialised again.
    const body = jsonWithRawMember(
      {
        success: kind !== 'failed',
        type,
        id: job.id,
        sequence,
        ...(terminal ? { pageEvents: await this.deliveries.pageEvents(trx, job.id) } : {}),
      },
      'data',
      this.fileLinks(`[${documentsJson.join(',')}]`, job.teamId),
      { metadata: webhook.metadata, ...(error ? { error } : {}) },
    );
    const id = randomUUID();
    await this.deliveries.insert(trx, {
      id,
      jobId: job.id,
      teamId: job.teamId,
      eventType: type,
      url: webhook.url,
      headers: webhook.headers,
      body,
      sequence,
      held: kind !== 'started' && (await this.deliveries.hasUnattempted(job.id, { pages: terminal }, trx)),
    });
    return id;
  }

  /** The event of a job's end: `completed`, or `failed` when not one of its pages could be scraped. */
  async recordFinished(trx: Trx, job: Job, status: FinishedStatus): Promise<string | undefined> {
    return status === 'failed'
      ? this.record(trx, job, 'failed', [], 'No page of the job could be scraped')
      : this.record(trx, job, 'completed', []);
  }

  /**
   * Queues recorded deliveries; the message id makes a repeated queueing of one delivery a no-op. A held one is
   * queued only if its job's page events have all been attempted by now (the last attempt queues it otherwise).
   */
  async queue(deliveries: ReadonlyArray<DeliveryRef | undefined>): Promise<void> {
    const present = deliveries.filter((delivery): delivery is DeliveryRef => delivery !== undefined);
    if (present.length === 0) return;
    const held = await this.deliveries.heldAmong(present.map((delivery) => delivery.id));
    const heldIds = new Set(held.map((delivery) => delivery.id));
    const ready = present.filter((delivery) => !heldIds.has(delivery.id));
    await this.publish(ready);
    // Checked after the recording's commit: an attempt that finished before it found no held event to queue.
    for (const jobId of new Set(held.map((delivery) => delivery.job_id))) await this.releaseHeld(jobId);
  }

  /** Queues the job's held events whose predecessors have all finished their first attempt. */
  async releaseHeld(jobId: string): Promise<void> {
    const releasable = await this.deliveries.releasableOf(jobId);
    await this.publish(releasable.map((delivery) => ({ id: delivery.id, teamId: delivery.team_id })));
  }

  /** Queues the held deliveries recorded before the cut-off whose page events have all been attempted. */
  async releaseLost(olderThan: Date): Promise<void> {
    const releasable = await this.deliveries.releasable(olderThan);
    await this.publish(releasable.map((delivery) => ({ id: delivery.id, teamId: delivery.team_id })));
  }

  private async publish(deliveries: readonly DeliveryRef[]): Promise<void> {
    if (deliveries.length === 0) return;
    for (const delivery of deliveries) {
      await this.publisher.publish(
        Subjects.webhookDeliver,
        { deliveryId: delivery.id, teamId: delivery.teamId },
        { msgId: `webhook:${delivery.id}` },
      );
    }
    await this.deliveries.markQueued(deliveries.map((delivery) => delivery.id));
  }
}
