import { type Kysely, sql } from 'kysely';

// Owned by browser-session-manager: replicas with their heartbeats, sessions (token hashes only), profiles.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table browser_replicas (
      id text primary key,
      endpoint text not null,
      max_sessions integer not null,
      free_slots integer not null,
      last_heartbeat_at timestamptz not null default now()
    );
    create table browser_sessions (
      id uuid primary key,
      team_id text not null,
      replica_id text not null,
      status text not null,
      ttl_seconds integer not null,
      activity_ttl_seconds integer not null,
      stream_web_view boolean not null,
      profile_name text,
      profile_save_changes boolean not null default false,
      cdp_token_hash text not null unique,
      view_token_hash text unique,
      interactive_token_hash text unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      last_activity_at timestamptz not null default now(),
      ended_at timestamptz,
      end_reason text
    );
    create index browser_sessions_team_status on browser_sessions(team_id, status);
    create index browser_sessions_replica_status on browser_sessions(replica_id, status);
    create table browser_profiles (
      team_id text not null,
      name text not null,
      storage_key uuid not null unique,
      writer_session_id uuid,
      saved_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (team_id, name)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table browser_profiles; drop table browser_sessions; drop table browser_replicas;`.execute(db);
}
