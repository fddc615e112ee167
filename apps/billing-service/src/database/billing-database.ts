import type { ColumnType, Generated } from 'kysely';

/** The tables billing-service owns; no other service sees them. */
export interface BillingDatabase {
  teams: {
    id: Generated<string>;
    name: string;
    concurrency_limit: Generated<number>;
    webhook_secret: string | null;
    created_at: Generated<Date>;
  };
  api_keys: {
    id: Generated<string>;
    team_id: string;
    key_hash: string;
    key_prefix: string;
    label: string | null;
    created_at: Generated<Date>;
    revoked_at: ColumnType<Date | null, never, Date>;
  };
  billing_plans: {
    id: string;
    /** Null: unlimited. */
    credits_per_period: number | null;
    /** Null: the team's own `concurrency_limit`. */
    concurrency: number | null;
    rate_limits: ColumnType<RateLimitsColumn, string, string>;
    /** LLM tokens per period; null: unlimited. */
    tokens_per_period: ColumnType<number | null, number | null | undefined, number | null>;
    created_at: Generated<Date>;
  };
  team_plans: {
    team_id: string;
    plan_id: string;
    updated_at: Generated<Date>;
  };
  credit_ledger: {
    id: Generated<string>;
    idempotency_key: string;
    team_id: string;
    entry: LedgerEntryKind;
    credits: number;
    /** LLM tokens the charge paid for (extraction); 0 for pages. */
    tokens: Generated<number>;
    kind: string | null;
    job_id: string | null;
    api_key_id: string | null;
    reason: string | null;
    period_start: Date;
    occurred_at: Date;
    recorded_at: Generated<Date>;
  };
  credit_balances: {
    team_id: string;
    period_start: Date;
    /** bigint: pg returns it as a string. */
    charged: ColumnType<string, number, number>;
    granted: ColumnType<string, number, number>;
    tokens: ColumnType<string, number | undefined, number>;
  };
  credit_reservations: {
    id: Generated<string>;
    team_id: string;
    period_start: Date;
    credits: number;
    job_id: string | null;
    expires_at: Date;
    released_at: Date | null;
    created_at: Generated<Date>;
  };
}

export type LedgerEntryKind = 'charge' | 'grant' | 'revoke';

/** Requests per minute by endpoint kind; a kind that is absent is not limited. */
export type RateLimitsColumn = Partial<Record<string, number>>;
