import { type Kysely, sql } from 'kysely';

// Owned by billing-service: teams, their API keys (SHA-256 hashes only) and consumed credits.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table teams (
      id uuid primary key default gen_random_uuid(),
      name text not null unique,
      concurrency_limit integer not null default 10,
      created_at timestamptz not null default now()
    );
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      key_hash text not null unique,
      key_prefix text not null,
      label text,
      created_at timestamptz not null default now(),
      revoked_at timestamptz
    );
    create index api_keys_team_id on api_keys(team_id);
    create table usage_events (
      event_id text primary key,
      team_id uuid not null,
      kind text not null,
      job_id text not null,
      credits integer not null,
      occurred_at timestamptz not null,
      recorded_at timestamptz not null default now()
    );
    create index usage_events_team_time on usage_events(team_id, occurred_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table usage_events; drop table api_keys; drop table teams;`.execute(db);
}
