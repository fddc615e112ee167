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
  async record(usage: readonly UsageRecord[]): Promise<void> {
    if (usage.length === 0) return;
    await this.db
      .insertInto('usage_events')
      .values(
        usage.map((record) => ({
          event_id: record.eventId,
          team_id: record.teamId,
          kind: record.kind,
          job_id: record.jobId,
          credits: record.credits,
          occurred_at: record.occurredAt,
        })),
      )
      .onConflict((conflict) => conflict.column('event_id').doNothing())
      .execute();
  }
}
