import { type Kysely, sql } from 'kysely';

// Owned by crawl-scheduler: the per-job order of webhook events. `sequence` numbers a job's recorded events from 1
// (unique per job, so two recordings that raced for a number fail instead of sharing it); a terminal event waits
// as `held` until every page event of its job had its first attempt, found through the partial index of events
// never attempted. Events recorded before this migration have no sequence.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table webhook_deliveries add column sequence integer;
    create unique index webhook_deliveries_job_sequence on webhook_deliveries(job_id, sequence);
    create index webhook_deliveries_unattempted on webhook_deliveries(job_id) where attempts = 0;
    create index webhook_deliveries_held on webhook_deliveries(created_at) where status = 'held';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update webhook_deliveries set status = 'pending' where status = 'held';
    drop index webhook_deliveries_held;
    drop index webhook_deliveries_unattempted;
    drop index webhook_deliveries_job_sequence;
    alter table webhook_deliveries drop column sequence;
  `.execute(db);
}
