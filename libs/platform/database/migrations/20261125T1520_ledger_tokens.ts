import { type Kysely, sql } from 'kysely';

// Owned by billing-service: the LLM tokens a charge paid for (extraction), kept on the ledger row with its credits, a
// running total of them per period beside the credits (so token usage reads one row, and reconcile checks it too), and
// a plan's token allowance (null: unlimited), which GET /v2/team/token-usage reports as planTokens.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table credit_ledger add column tokens integer not null default 0 check (tokens >= 0);
    alter table credit_balances add column tokens bigint not null default 0;
    alter table billing_plans add column tokens_per_period integer check (tokens_per_period >= 0);
    create index credit_ledger_team_key on credit_ledger(team_id, period_start, api_key_id) where entry = 'charge';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index credit_ledger_team_key;
    alter table billing_plans drop column tokens_per_period;
    alter table credit_balances drop column tokens;
    alter table credit_ledger drop column tokens;
  `.execute(db);
}
