import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Subjects, type UsageRecordedEvent } from '@wh/contracts';
import { JetStreamPublisher, NatsClient } from '@wh/platform/messaging';
import { eventually, type FixtureServer, startFixtureServer } from '@wh/testing';
import { admin, charged, teamOnPlan } from './support/billing-admin';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
import { sharedStack } from './support/stack-env';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

const stack = sharedStack();
const INSUFFICIENT =
  'Insufficient credits to perform this request. For more credits, you can upgrade your plan at https://firecrawl.dev/pricing or try changing the request limit to a lower value.';

function currentPeriod(): { startDate: string; endDate: string } {
  const now = new Date();
  return {
    startDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    endDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
  };
}

/** A second key of the team, as `create-key` prints it. */
async function anotherKey(team: string): Promise<{ apiKey: string; keyId: string }> {
  const lines = (await admin(stack, ['create-key', team])).trim().split('\n');
  return { apiKey: lines.at(-1) ?? '', keyId: /^key (\S+)/.exec(lines[0] ?? '')?.[1] ?? '' };
}

async function withDatabase<T>(work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

describe('usage by API key, LLM tokens, multi-credit reservations and a crawl that runs out of credits', () => {
  let site: FixtureServer;
  beforeAll(async () => {
    site = await startFixtureServer();
  });
  afterAll(async () => {
    await site.close();
  });

  it('reports each of two keys’ credits (scrapes, a batch, a crawl) through the SDK’s historical usage by key', async () => {
    const crawlSite = await startOwnCrawlSite();
    try {
      const team = await teamOnPlan(stack, 'two-keys', ['--credits', '1000']);
      const second = await anotherKey(team.name);
      const first = new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl });
      const other = new Firecrawl({ apiKey: second.apiKey, apiUrl: stack.baseUrl });

      await first.scrape(`${site.url}/article?key=a1`, { maxAge: 0 });
      await first.scrape(`${site.url}/article?key=a2`, { maxAge: 0 });
      const batch = await other.batchScrape(
        [1, 2, 3].map((n) => `${site.url}/article?key=b${n}`),
        {
          options: { maxAge: 0 },
        },
      );
      expect(batch.completed).toBe(3);
      const crawl = await first.crawl(`${crawlSite.origin}/`, { limit: 4, scrapeOptions: { maxAge: 0 } });
      expect(crawl.status).toBe('completed');
      await charged(stack, team.name, 2 + 3 + crawl.completed);

      const period = currentPeriod();
      const byKey = await first.getCreditUsageHistorical(true);
      expect(byKey.success).toBe(true);
      expect([...byKey.periods].sort((a, b) => (a.apiKey ?? '').localeCompare(b.apiKey ?? ''))).toEqual(
        [
          { ...period, apiKey: team.keyId, creditsUsed: 2 + crawl.completed },
          { ...period, apiKey: second.keyId, creditsUsed: 3 },
        ].sort((a, b) => a.apiKey.localeCompare(b.apiKey)),
      );
      expect(await other.getCreditUsageHistorical()).toEqual({
        success: true,
        periods: [{ ...period, creditsUsed: 5 + crawl.completed }],
      });
      // Row by row: every charge carries the key its work was asked with.
      const rows = await withDatabase(
        async (db) =>
          (
            await db.query<{ kind: string; api_key_id: string | null; n: string }>(
              `select kind, api_key_id, count(*) as n from credit_ledger join teams on teams.id = credit_ledger.team_id
               where teams.name = $1 and entry = 'charge' group by kind, api_key_id order by kind`,
              [team.name],
            )
          ).rows,
      );
      expect(rows.map((row) => [row.kind, row.api_key_id, Number(row.n)])).toEqual([
        ['batch', second.keyId, 3],
        ['crawl', team.keyId, crawl.completed],
        ['scrape', team.keyId, 2],
      ]);
    } finally {
      await crawlSite.close();
    }
  }, 120_000);

  it('reports the LLM tokens of recorded usage events, in all and by key, against the plan’s tokens', async () => {
    const team = await teamOnPlan(stack, 'tokens', ['--credits', '500', '--tokens', '10000']);
    const teamId = await withDatabase(
      async (db) => (await db.query<{ id: string }>('select id from teams where name = $1', [team.name])).rows[0]?.id,
    );
    const firecrawl = new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl });
    const period = currentPeriod();
    expect(await firecrawl.getTokenUsage()).toEqual({
      remainingTokens: 10_000,
      planTokens: 10_000,
      billingPeriodStart: period.startDate,
      billingPeriodEnd: period.endDate,
    });

    // What extract jobs publish: charges with the tokens their LLM calls used, one with the key that asked.
    const nats = await NatsClient.connect({
      servers: stack.natsUrl,
      namespace: stack.namespace,
      serviceName: 'e2e-usage-events',
    });
    try {
      const publisher = new JetStreamPublisher(nats);
      const events: UsageRecordedEvent[] = [
        { tokens: 1_200, apiKeyId: team.keyId, credits: 6 },
        { tokens: 300, credits: 2 },
        { tokens: 0, apiKeyId: team.keyId, kind: 'map' as const, credits: 1 },
      ].map(({ kind, ...usage }) => ({
        eventId: `extract:${randomUUID()}`,
        teamId: teamId ?? '',
        kind: kind ?? 'extract',
        jobId: randomUUID(),
        occurredAt: new Date().toISOString(),
        ...usage,
      }));
      for (const event of events) {
        await publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });
        // Published twice, under another message id too: the ledger still counts it once.
        await publisher.publish(Subjects.usageRecorded, event, { msgId: `again:${event.eventId}` });
      }
    } finally {
      await nats.connection.close();
    }
    await charged(stack, team.name, 9);

    await eventually(async () => expect((await firecrawl.getTokenUsage()).remainingTokens).toBe(8_500));
    expect(await firecrawl.getTokenUsage()).toMatchObject({ planTokens: 10_000 });
    expect(await firecrawl.getTokenUsageHistorical()).toEqual({
      success: true,
      periods: [{ ...period, tokensUsed: 1_500 }],
    });
    const byKey = await firecrawl.getTokenUsageHistorical(true);
    expect([...byKey.periods].sort((a, b) => a.tokensUsed - b.tokensUsed)).toEqual([
      { ...period, apiKey: null, tokensUsed: 300 },
      { ...period, apiKey: team.keyId, tokensUsed: 1_200 },
    ]);
    expect((await firecrawl.getCreditUsage()).remainingCredits).toBe(491);
    expect(await admin(stack, ['usage-csv', team.name])).toContain(',1200');
    expect(await admin(stack, ['reconcile'])).toContain('no drift');
  }, 60_000);

  it('reports unlimited tokens for a plan without a token allowance', async () => {
    const team = await teamOnPlan(stack, 'no-tokens', ['--credits', '50']);
    const usage = await new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl }).getTokenUsage();
    expect(usage).toMatchObject({ remainingTokens: 99_999_999, planTokens: 99_999_999 });
  });

  it('reserves 5 credits a page for json: a batch of 10 URLs with 20 credits left is cut to 4 and charged 20', async () => {
    const team = await teamOnPlan(stack, 'json-batch', ['--credits', '20']);
    const firecrawl = new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl });
    const json = { type: 'json' as const, schema: { type: 'object', properties: { title: { type: 'string' } } } };

    const started = await firecrawl.startBatchScrape(
      Array.from({ length: 10 }, (_, n) => `${site.url}/article?json=${n}`),
      { options: { formats: ['markdown', json], maxAge: 0 } },
    );

    const finished = await waitForJob(
      { baseUrl: stack.baseUrl, apiKey: team.apiKey },
      `/v2/batch/scrape/${started.id}`,
    );
    expect(finished).toMatchObject({ status: 'completed', completed: 4, total: 4, creditsUsed: 20 });
    await charged(stack, team.name, 20);
    expect((await firecrawl.getCreditUsage()).remainingCredits).toBe(0);
    await expect(firecrawl.startBatchScrape([`${site.url}/article`])).rejects.toThrow(INSUFFICIENT);
  }, 90_000);

  it('says so in the create reply when it cuts a json batch', async () => {
    const team = await teamOnPlan(stack, 'json-warning', ['--credits', '22']);
    const response = await fetch(`${stack.baseUrl}/v2/batch/scrape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${team.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        urls: Array.from({ length: 10 }, (_, n) => `${site.url}/article?warn=${n}`),
        formats: [{ type: 'json', schema: { type: 'object', properties: { title: { type: 'string' } } } }, 'markdown'],
        maxAge: 0,
      }),
    });
    const body = (await response.json()) as { success: boolean; id: string; warning?: string };
    expect(response.status).toBe(200);
    expect(body.warning).toBe(
      'The number of URLs was lowered from 10 to 4: at 5 credits a page, that is what the credits your team has left in this billing period pay for.',
    );
    // Reserved are the 4 pages' 20 credits, not the 22 left: two are still free for a scrape.
    const firecrawl = new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl });
    expect((await firecrawl.getCreditUsage()).remainingCredits).toBe(2);
    await waitForJob({ baseUrl: stack.baseUrl, apiKey: team.apiKey }, `/v2/batch/scrape/${body.id}`, 60_000);
  }, 90_000);

  it('stops a crawl whose team runs out of credits mid-way: completed with its pages so far, each charged once, the rest listed as INSUFFICIENT_CREDITS', async () => {
    const crawlSite = await startOwnCrawlSite({ bulkPages: 60, bulkPageDelayMs: 250 });
    try {
      const team = await teamOnPlan(stack, 'runs-out', ['--credits', '100']);
      const firecrawl = new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl });
      const { id } = await firecrawl.startCrawl(`${crawlSite.origin}/bulk/0`, {
        limit: 40,
        crawlEntireDomain: true,
        includePaths: ['^/bulk/'],
        sitemap: 'skip',
        maxConcurrency: 1,
        scrapeOptions: { maxAge: 0 },
      });
      await eventually(async () => expect((await firecrawl.getCrawlStatus(id)).completed).toBeGreaterThanOrEqual(3), {
        timeoutMs: 30_000,
        intervalMs: 100,
      });
      // The operator takes back all but 8 of the plan's credits while the crawl runs: it may charge 8 pages in all.
      await admin(stack, ['revoke-credits', team.name, '92', '--reason', 'e2e: runs out mid-crawl']);

      const finished = await waitForJob({ baseUrl: stack.baseUrl, apiKey: team.apiKey }, `/v2/crawl/${id}`, 60_000);
      expect(finished.status).toBe('completed');
      // The page whose charge used the credits up, and at most the one already kept when the stop came, past 8.
      expect(finished.completed).toBeGreaterThanOrEqual(8);
      expect(finished.completed).toBeLessThanOrEqual(10);
      expect(finished.data).toHaveLength(finished.completed);
      expect(finished.creditsUsed).toBe(finished.completed);

      const errors = await firecrawl.getCrawlErrors(id);
      expect(errors.errors.length).toBeGreaterThan(0);
      for (const error of errors.errors)
        expect(error).toMatchObject({ error: INSUFFICIENT, code: 'INSUFFICIENT_CREDITS' });

      // Every kept page is charged exactly once, and nothing else of the crawl is.
      await charged(stack, team.name, finished.completed);
      await withDatabase(async (db) => {
        const pages = await db.query<{ id: string }>(
          "select id from crawl_pages where job_id = $1 and state = 'completed' order by id",
          [id],
        );
        const charges = await db.query<{ idempotency_key: string; credits: number; api_key_id: string }>(
          "select idempotency_key, credits, api_key_id from credit_ledger where job_id = $1 and entry = 'charge' order by idempotency_key",
          [id],
        );
        expect(charges.rows).toEqual(
          pages.rows
            .map((page) => ({ idempotency_key: `crawl:${page.id}`, credits: 1, api_key_id: team.keyId }))
            .sort((a, b) => (a.idempotency_key < b.idempotency_key ? -1 : 1)),
        );
      });
      const usage = await firecrawl.getCreditUsage();
      expect(usage.remainingCredits).toBe(0);
      await expect(firecrawl.scrape(`${site.url}/article?after=1`, { maxAge: 0 })).rejects.toThrow(INSUFFICIENT);
      expect(await admin(stack, ['reconcile'])).toContain('no drift');
    } finally {
      await crawlSite.close();
    }
  }, 120_000);
});
