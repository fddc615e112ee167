import { type Kysely, sql } from 'kysely';

// Owned by scrape-worker: the markdown of each successful change-tracking scrape, per team, URL and tag, numbered in
// the order the scrapes committed. The version key means two scrapes can never file the same version, and job_id
// means a redelivered job finds its own snapshot instead of filing a second one. Never written for
// zero-data-retention scrapes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table change_tracking_snapshots (
      team_id text not null,
      url_key text not null,
      tag text not null,
      version integer not null,
      url text not null,
      job_id text not null unique,
      markdown text not null,
      scraped_at timestamptz not null,
      primary key (team_id, url_key, tag, version)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table change_tracking_snapshots;`.execute(db);
}
