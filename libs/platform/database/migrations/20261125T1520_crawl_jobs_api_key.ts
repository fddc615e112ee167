import { type Kysely, sql } from 'kysely';

// Owned by crawl-scheduler: the API key a crawl or batch scrape was started with, so that every page's charge carries
// it (per-key usage history). Null for jobs started without a key (authentication disabled) or before this column.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crawl_jobs add column api_key_id uuid;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crawl_jobs drop column api_key_id;`.execute(db);
}
