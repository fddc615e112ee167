import { type Kysely, sql } from 'kysely';

// Owned by crawl-scheduler: the LLM tokens a kept page's json and summary formats took, charged with its credits
// (and charged again, unchanged, when a crashed replica's batch is redelivered).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crawl_pages add column tokens integer not null default 0 check (tokens >= 0);`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crawl_pages drop column tokens;`.execute(db);
}
