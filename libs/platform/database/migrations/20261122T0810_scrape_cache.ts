import { type Kysely, sql } from 'kysely';

// Owned by scrape-worker: scraped documents keyed by URL and every option that changes the output.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table scrape_cache (
      cache_key text primary key,
      url text not null,
      document jsonb not null,
      scraped_at timestamptz not null default now()
    );
    create index scrape_cache_scraped_at on scrape_cache(scraped_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table scrape_cache;`.execute(db);
}
