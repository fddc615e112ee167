import { type Kysely, sql } from 'kysely';

// Owned by billing-service: credits set aside for accepted crawls and batch scrapes, so that concurrent jobs of a team
// cannot together be allowed more pages than it has credits. A reservation counts for what its job has not been
// charged yet, until the job ends (released) or it expires.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table credit_reservations (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null,
      period_start timestamptz not null,
      credits integer not null check (credits > 0),
      job_id text unique,
      expires_at timestamptz not null,
      released_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index credit_reservations_open on credit_reservations(team_id, period_start) where released_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table credit_reservations;`.execute(db);
}
