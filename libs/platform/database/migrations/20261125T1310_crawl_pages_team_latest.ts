import { type Kysely, sql } from 'kysely';

// Owned by crawl-scheduler: the team's latest successful page (GET /v2/team/queue-status) without a scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index crawl_pages_team_completed on crawl_pages(team_id, finished_at) where state = 'completed';`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index crawl_pages_team_completed;`.execute(db);
}
