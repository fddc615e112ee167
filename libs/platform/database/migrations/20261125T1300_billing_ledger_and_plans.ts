import { type Kysely, sql } from 'kysely';

// Owned by billing-service: plans, each team's plan, and the credit ledger that replaces usage_events.
// Billing periods are calendar months in UTC, so a period rolls over without anyone acting on it. A ledger row is
// never updated: its idempotency key (a usage event id for a charge) makes redelivery and a second replica harmless.
// credit_balances is a per-period running total written in the same transaction as the rows it sums, so that a
// credit check reads one row; `reconcile` recomputes it from the ledger.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table billing_plans (
      id text primary key,
      credits_per_period integer check (credits_per_period >= 0),
      concurrency integer check (concurrency > 0),
      rate_limits jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    );
    insert into billing_plans (id) values ('unlimited');
    create table team_plans (
      team_id uuid primary key references teams(id) on delete cascade,
      plan_id text not null references billing_plans(id),
      updated_at timestamptz not null default now()
    );
    create table credit_ledger (
      id bigint generated always as identity primary key,
      idempotency_key text not null unique,
      team_id uuid not null,
      entry text not null check (entry in ('charge', 'grant', 'revoke')),
      credits integer not null check (credits >= 0),
      kind text,
      job_id text,
      api_key_id uuid,
      reason text,
      period_start timestamptz not null,
      occurred_at timestamptz not null,
      recorded_at timestamptz not null default now()
    );
    create index credit_ledger_team_period on credit_ledger(team_id, period_start);
    create index credit_ledger_job on credit_ledger(job_id) where job_id is not null;
    create table credit_balances (
      team_id uuid not null,
      period_start timestamptz not null,
      charged bigint not null default 0,
      granted bigint not null default 0,
      primary key (team_id, period_start)
    );
    insert into credit_ledger (idempotency_key, team_id, entry, credits, kind, job_id, period_start, occurred_at, recorded_at)
      select event_id, team_id, 'charge', credits, kind, job_id,
             date_trunc('month', occurred_at at time zone 'UTC') at time zone 'UTC', occurred_at, recorded_at
      from usage_events;
    insert into credit_balances (team_id, period_start, charged)
      select team_id, period_start, sum(credits) from credit_ledger group by team_id, period_start;
    drop table usage_events;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
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
    insert into usage_events (event_id, team_id, kind, job_id, credits, occurred_at, recorded_at)
      select idempotency_key, team_id, kind, job_id, credits, occurred_at, recorded_at
      from credit_ledger where entry = 'charge';
    drop table credit_balances; drop table credit_ledger; drop table team_plans; drop table billing_plans;
  `.execute(db);
}
