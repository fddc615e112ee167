import { Inject, Injectable } from '@nestjs/common';
import type { Kysely, Selectable } from 'kysely';
import { DATABASE } from '@wh/platform/database';
import type { CrawlDatabase, Trx } from '../database/crawl-database';

export type WebhookDeliveryRow = Selectable<CrawlDatabase['webhook_deliveries']>;

export interface NewDelivery {
  id: string;
  jobId: string;
  teamId: string;
  eventType: string;
  url: string;
  headers: Record<string, string>;
  body: string;
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
        last_error: null,
        delivered_at: null,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  async markQueued(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'queued' })
      .where('id', 'in', [...ids])
      .where('status', '=', 'pending')
      .execute();
  }

  /** Deliveries recorded but never queued (the scheduler died between commit and publish). */
  async unqueued(olderThan: Date): Promise<Pick<WebhookDeliveryRow, 'id' | 'team_id'>[]> {
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
