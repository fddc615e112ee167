import { Inject, Injectable } from '@nestjs/common';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { DATABASE } from '@wh/platform/database';
import type { CrawlDatabase, Db, Trx } from '../database/crawl-database';

export type WebhookDeliveryRow = Selectable<CrawlDatabase['webhook_deliveries']>;

/** The event types of kept pages, delivered in parallel among themselves. */
export const PAGE_EVENT_TYPES = ['crawl.page', 'batch_scrape.page'] as const;

export type DeliveryRef = Pick<WebhookDeliveryRow, 'id' | 'team_id'>;

type Deliveries = ExpressionBuilder<CrawlDatabase & { held: CrawlDatabase['webhook_deliveries'] }, 'held'>;

/**
 * No event of the held delivery's job, recorded before it, is still without a first attempt; a held page event
 * waits only for the events before it that are not page events (its job's `started`), never for other pages.
 */
const predecessorsAttempted = (eb: Deliveries) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('webhook_deliveries as before')
        .select('before.id')
        .whereRef('before.job_id', '=', 'held.job_id')
        .where('before.attempts', '=', 0)
        .whereRef('before.sequence', '<', 'held.sequence')
        .where((w) =>
          w.or([
            w('held.event_type', 'not in', [...PAGE_EVENT_TYPES]),
            w('before.event_type', 'not in', [...PAGE_EVENT_TYPES]),
          ]),
        ),
    ),
  );

export interface NewDelivery {
  id: string;
  jobId: string;
  teamId: string;
  eventType: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The event's place among its job's events (see {@link nextSequence}). */
  sequence: number;
  /** Recorded as `held` rather than `pending`: it waits for the first attempts of events before it. */
  held?: boolean;
}

/** Webhook events waiting for, or done with, delivery. The body is kept here so a message only names it. */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CrawlDatabase>) {}

  /** Records an event in the transaction of the state change it reports. */
  async insert(trx: Trx, delivery: NewDelivery): Promise<void> {
    await trx
      .insertInto('webhook_deliveries')
      .values({
        id: delivery.id,
        job_id: delivery.jobId,
        team_id: delivery.teamId,
        event_type: delivery.eventType,
        url: delivery.url,
        headers: JSON.stringify(delivery.headers),
        body: delivery.body,
        sequence: delivery.sequence,
        status: delivery.held ? 'held' : 'pending',
        last_error: null,
        delivered_at: null,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  /**
   * The number of the job's next event. Two recordings for one job must not run at once: callers hold the job's row
   * lock (the unique index on job and sequence turns a caller that does not into a failed transaction).
   */
  async nextSequence(trx: Trx, jobId: string): Promise<number> {
    const row = await trx
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.max('sequence').as('last'))
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    return (row?.last ?? 0) + 1;
  }

  /** How many page events the job has recorded. */
  async pageEvents(trx: Trx, jobId: string): Promise<number> {
    const row = await trx
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('job_id', '=', jobId)
      .where('event_type', 'in', [...PAGE_EVENT_TYPES])
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /**
   * Whether an event the job recorded has not finished its first attempt yet (never sent, or being sent): any event
   * when `pages` is true (what a terminal event waits for), else any but page events (what a page event waits for).
   */
  async hasUnattempted(jobId: string, which: { pages: boolean }, db: Db = this.db): Promise<boolean> {
    let query = db.selectFrom('webhook_deliveries').select('id').where('job_id', '=', jobId).where('attempts', '=', 0);
    if (!which.pages) query = query.where('event_type', 'not in', [...PAGE_EVENT_TYPES]);
    const row = await query.limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** The held ones among these deliveries, with their jobs. */
  async heldAmong(ids: readonly string[]): Promise<Pick<WebhookDeliveryRow, 'id' | 'job_id'>[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'job_id'])
      .where('id', 'in', [...ids])
      .where('status', '=', 'held')
      .execute();
  }

  /** The job's held deliveries whose predecessors have all had their first attempt, in their order. */
  async releasableOf(jobId: string): Promise<DeliveryRef[]> {
    return this.db
      .selectFrom('webhook_deliveries as held')
      .select(['held.id', 'held.team_id'])
      .where('held.job_id', '=', jobId)
      .where('held.status', '=', 'held')
      .where(predecessorsAttempted)
      .orderBy('held.sequence')
      .execute();
  }

  /** Held deliveries recorded before the cut-off that could go now: their release was lost with its process. */
  async releasable(olderThan: Date): Promise<DeliveryRef[]> {
    return this.db
      .selectFrom('webhook_deliveries as held')
      .select(['held.id', 'held.team_id'])
      .where('held.status', '=', 'held')
      .where('held.created_at', '<', olderThan)
      .where(predecessorsAttempted)
      .orderBy('held.created_at')
      .limit(500)
      .execute();
  }

  /** Marks published deliveries queued; one delivered, failed or queued already stays as it is. */
  async markQueued(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'queued' })
      .where('id', 'in', [...ids])
      .where('status', 'in', ['pending', 'held'])
      .execute();
  }

  /** Deliveries recorded but never queued (the scheduler died between commit and publish). */
  async unqueued(olderThan: Date): Promise<DeliveryRef[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'team_id'])
      .where('status', '=', 'pending')
      .where('created_at', '<', olderThan)
      .orderBy('created_at')
      .limit(500)
      .execute();
  }

  async find(teamId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async recordAttempt(
    id: string,
    outcome: { delivered: true } | { delivered: false; error: string; final: boolean },
  ): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        ...(outcome.delivered
          ? { status: 'delivered' as const, delivered_at: new Date(), last_error: null }
          : { last_error: outcome.error.slice(0, 1_000), ...(outcome.final ? { status: 'failed' as const } : {}) }),
      }))
      .where('id', '=', id)
      .execute();
  }

  async deleteCreatedBefore(before: Date): Promise<void> {
    await this.db.deleteFrom('webhook_deliveries').where('created_at', '<', before).execute();
  }
}
