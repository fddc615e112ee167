import { type Kysely, sql } from 'kysely';

// Owned by extract-service: POST /v2/extract jobs and what they have done so far, so that a job whose process died
// resumes from its last step. `targets` is the job's page list once wildcards and web search were resolved (set
// once); each page read is kept in extract_job_pages until the job ends; `billed_at` records that the job's single
// charge was sent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table extract_jobs (
      id uuid primary key,
      team_id uuid not null,
      api_key_id uuid,
      idempotency_key text,
      status text not null check (status in ('processing', 'completed', 'failed', 'cancelled')),
      request jsonb not null,
      targets jsonb,
      data jsonb,
      sources jsonb,
      warning text,
      error text,
      tokens_used integer not null default 0,
      credits_used integer not null default 0,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      billed_at timestamptz,
      expires_at timestamptz not null
    );
    create unique index extract_jobs_team_idempotency on extract_jobs(team_id, idempotency_key)
      where idempotency_key is not null;
    create index extract_jobs_expires_at on extract_jobs(expires_at);
    create table extract_job_pages (
      job_id uuid not null references extract_jobs(id) on delete cascade,
      position integer not null,
      url text not null,
      markdown text,
      html text,
      error text,
      primary key (job_id, position)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table extract_job_pages; drop table extract_jobs;`.execute(db);
}
