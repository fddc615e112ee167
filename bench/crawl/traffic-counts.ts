import { Client } from 'pg';

/** Messages NATS took in and transactions the bench's database ended, over one crawl. */
export interface Traffic {
  natsMessages: number;
  postgresTransactions: number;
}

/** Postgres publishes a backend's counts when it has been idle about a second; read after they came in. */
const POSTGRES_STATS_DELAY_MS = 1_500;

/**
 * Counts what a crawl asked of NATS and Postgres: load barely moves these, unlike CPU per page, so they tell whether a
 * change saved round trips even when the machine is too busy for its CPU figures to.
 */
export class TrafficCounts {
  private before: Traffic | undefined;

  constructor(
    private readonly natsMonitorUrl: string,
    private readonly postgresAdminUrl: string,
    private readonly database: string,
  ) {}

  async start(): Promise<void> {
    this.before = await this.read();
  }

  async stop(): Promise<Traffic> {
    await new Promise((resolve) => setTimeout(resolve, POSTGRES_STATS_DELAY_MS));
    const after = await this.read();
    return {
      natsMessages: after.natsMessages - (this.before?.natsMessages ?? 0),
      postgresTransactions: after.postgresTransactions - (this.before?.postgresTransactions ?? 0),
    };
  }

  private async read(): Promise<Traffic> {
    const varz = (await (await fetch(`${this.natsMonitorUrl}/varz`)).json()) as { in_msgs: number };
    const client = new Client({ connectionString: this.postgresAdminUrl });
    await client.connect();
    try {
      const result = await client.query<{ transactions: string }>(
        'select xact_commit + xact_rollback as transactions from pg_stat_database where datname = $1',
        [this.database],
      );
      return { natsMessages: varz.in_msgs, postgresTransactions: Number(result.rows[0]?.transactions ?? 0) };
    } finally {
      await client.end();
    }
  }
}
