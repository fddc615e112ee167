import { type Kysely, sql } from 'kysely';

// Owned by extract-service: model answers keyed by model, prompt version, schema (and request) hash and content
// hash, so the same question about the same text is asked once. Never written for zero-data-retention requests.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table extract_llm_cache (
      cache_key text primary key,
      model text not null,
      prompt_version text not null,
      task text not null,
      schema_hash text not null,
      content_hash text not null,
      answer jsonb not null,
      prompt_tokens integer not null,
      completion_tokens integer not null,
      created_at timestamptz not null default now()
    );
    create index extract_llm_cache_created_at on extract_llm_cache(created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table extract_llm_cache;`.execute(db);
}
