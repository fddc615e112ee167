import { type Kysely, sql } from 'kysely';

// Owned by crawl-scheduler: a change-tracking crawl re-scrapes, at its end, the pages the previous crawl of the same
// site kept and this one no longer reached (`hidden`), once (`hidden_pages_queued`). The index finds that previous
// crawl of the team's site.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table crawl_pages add column hidden boolean not null default false;
    alter table crawl_jobs add column hidden_pages_queued boolean not null default false;
    create index crawl_jobs_team_site on crawl_jobs(team_id, url, created_at) where kind = 'crawl';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index crawl_jobs_team_site;
    alter table crawl_jobs drop column hidden_pages_queued;
    alter table crawl_pages drop column hidden;
  `.execute(db);
}
