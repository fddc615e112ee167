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
  usage_events: {
    event_id: string;
    team_id: string;
    kind: string;
    job_id: string;
    credits: number;
    occurred_at: Date;
    recorded_at: Generated<Date>;
  };
}
