import type { Kysely } from 'kysely';
import type { BillingDatabase } from '../database/billing-database';

export interface UsageRecord {
  eventId: string;
  teamId: string;
  kind: string;
  jobId: string;
  credits: number;
  occurredAt: Date;
}

export class UsageRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  /** Idempotent: a redelivered event with the same id is recorded once. */
  async record(usage: UsageRecord): Promise<void> {
    await this.db
      .insertInto('usage_events')
      .values({
        event_id: usage.eventId,
        team_id: usage.teamId,
        kind: usage.kind,
        job_id: usage.jobId,
        credits: usage.credits,
        occurred_at: usage.occurredAt,
      })
      .onConflict((conflict) => conflict.column('event_id').doNothing())
      .execute();
  }
}
