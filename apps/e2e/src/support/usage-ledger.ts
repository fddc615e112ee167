import { Client } from 'pg';
import { eventually } from '@wh/testing';

/**
 * Reads the credits of one scrape from the charges in `credit_ledger`. Usage events arrive asynchronously, so it counts the
 * successful scrapes of the suite and waits until every earlier one is recorded before and after the scrape
 * whose credits it reads: the newest row is then that scrape's.
 */
export class UsageLedger {
  private successfulScrapes = 0;

  constructor(private readonly databaseUrl: () => string) {}

  /** Counts a /v2/scrape answer: every 200 records one usage event. */
  note(status: number): void {
    if (status === 200) this.successfulScrapes += 1;
  }

  async creditsOf(work: () => Promise<void>): Promise<number> {
    return (await this.chargeOf(work)).credits;
  }

  /** The credits and LLM tokens of the charge `work` caused. */
  async chargeOf(work: () => Promise<void>): Promise<{ credits: number; tokens: number }> {
    const client = new Client({ connectionString: this.databaseUrl() });
    await client.connect();
    try {
      const recorded = async (): Promise<number> =>
        Number(
          (await client.query<{ n: string }>("select count(*) as n from credit_ledger where entry = 'charge'")).rows[0]
            ?.n,
        );
      await eventually(async () => expect(await recorded()).toBe(this.successfulScrapes));
      await work();
      await eventually(async () => expect(await recorded()).toBe(this.successfulScrapes));
      const { rows } = await client.query<{ credits: number; tokens: number }>(
        "select credits, tokens from credit_ledger where entry = 'charge' order by id desc limit 1",
      );
      return { credits: rows[0]?.credits ?? Number.NaN, tokens: rows[0]?.tokens ?? Number.NaN };
    } finally {
      await client.end();
    }
  }

  /** The charges of one crawl or batch, once `count` of them are recorded. */
  async chargesOfJob(jobId: string, count: number): Promise<{ credits: number; tokens: number }[]> {
    const client = new Client({ connectionString: this.databaseUrl() });
    await client.connect();
    try {
      let rows: { credits: number; tokens: number }[] = [];
      await eventually(async () => {
        ({ rows } = await client.query<{ credits: number; tokens: number }>(
          "select credits, tokens from credit_ledger where entry = 'charge' and job_id = $1",
          [jobId],
        ));
        expect(rows).toHaveLength(count);
      });
      return rows;
    } finally {
      await client.end();
    }
  }
}
