import { type Kysely, sql } from 'kysely';

// Owned by crawl-scheduler: the per-job order of webhook events. `sequence` numbers a job's recorded events from 1
// (unique per job, so two recordings that raced for a number fail instead of sharing it); an event waits as `held`
// until the events it must follow had their first attempt (a terminal event: all before it; a page event: its job's
// `started`), found through the partial indexes of events never attempted. Events recorded before this migration
// have no sequence.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table webhook_deliveries add column sequence integer;
    create unique index webhook_deliveries_job_sequence on webhook_deliveries(job_id, sequence);
    create index webhook_deliveries_unattempted on webhook_deliveries(job_id) where attempts = 0;
    create index webhook_deliveries_unattempted_other on webhook_deliveries(job_id)
      where attempts = 0 and event_type not in ('crawl.page', 'batch_scrape.page');
    create index webhook_deliveries_held on webhook_deliveries(created_at) where status = 'held';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update webhook_deliveries set status = 'pending' where status = 'held';
    drop index webhook_deliveries_held;
    drop index webhook_deliveries_unattempted_other;
    drop index webhook_deliveries_unattempted;
    drop index webhook_deliveries_job_sequence;
    alter table webhook_deliveries drop column sequence;
  `.execute(db);
}
