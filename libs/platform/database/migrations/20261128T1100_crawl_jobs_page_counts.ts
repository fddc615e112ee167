import { type Kysely, sql } from 'kysely';

// Owned by crawl-scheduler: a job's pages by state, kept on its row by the statements that change a page's state, so
// a status poll reads one row instead of counting every page of the job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table crawl_jobs
      add column pages_total integer not null default 0,
      add column pages_completed integer not null default 0,
      add column pages_failed integer not null default 0;`.execute(db);
  await sql`
    update crawl_jobs set
      pages_total = counted.total, pages_completed = counted.completed, pages_failed = counted.failed
    from (
      select job_id,
        count(*) filter (where state in ('queued', 'dispatched', 'completed', 'failed', 'cancelled')) as total,
        count(*) filter (where state = 'completed') as completed,
        count(*) filter (where state = 'failed') as failed
      from crawl_pages group by job_id
    ) as counted
    where crawl_jobs.id = counted.job_id;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crawl_jobs drop column pages_total, drop column pages_completed, drop column pages_failed;`.execute(
    db,
  );
}
