import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type NatsServer, startNatsServer } from '@wh/tools/dev';
import { Consumers } from '@wh/contracts';
import {
  type CrawlSite,
  eventually,
  type FixtureServer,
  freePort,
  type RunningStack,
  startFixtureServer,
  startStack,
} from '@wh/testing';
import { admin, charged, teamOnPlan } from './support/billing-admin';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
import { sharedInfrastructure } from './support/stack-env';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

const PAGES = 24;
/** A batch of results kept just before the broker went away is redelivered one ack wait later, with its charges. */
const BILLING_CATCH_UP_MS = Consumers.crawlSchedulerResults.ackWaitMs + 20_000;

/**
 * A NATS restart in the middle of a billed crawl, on a broker of this suite's own (the shared one on 4222 serves
 * everybody and is never restarted): every page charged exactly once, checked row by row, and nothing refused once
 * the broker is back: credit checks, rate limits (their counters live in the restarted broker's key-value bucket),
 * reservations and charges all work again.
 */
describe('billing across a NATS restart', () => {
  let workDir: string;
  let natsPort: number;
  let natsMonitorPort: number;
  let nats: NatsServer;
  let stack: RunningStack;
  let crawlSite: CrawlSite;
  let site: FixtureServer;

  const startNats = (): Promise<NatsServer> =>
    startNatsServer({ port: natsPort, monitorPort: natsMonitorPort, storeDir: path.join(workDir, 'nats') });

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'wh-billing-faults-'));
    natsPort = await freePort();
    natsMonitorPort = await freePort();
    nats = await startNats();
    stack = await startStack(
      { natsUrl: nats.url, postgresAdminUrl: sharedInfrastructure().postgresAdminUrl },
      { services: ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'billing-service'], label: 'billing-faults' },
    );
    crawlSite = await startOwnCrawlSite({ bulkPages: PAGES, bulkPageDelayMs: 400 });
    site = await startFixtureServer();
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    await nats?.stop();
    await crawlSite?.close();
    await site?.close();
    rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('charges every page of a crawl once across the restart and refuses nothing afterwards', async () => {
    const team = await teamOnPlan(stack, 'nats-restart', [
      '--credits',
      '1000',
      '--rate',
      'scrape=100,crawl=20,batch=20,status=1000',
    ]);
    const firecrawl = new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl });
    const { id } = await firecrawl.startCrawl(`${crawlSite.origin}/bulk/0`, {
      crawlEntireDomain: true,
      includePaths: ['^/bulk/'],
      sitemap: 'skip',
      maxConcurrency: 2,
      scrapeOptions: { maxAge: 0 },
    });
    await eventually(async () => expect((await firecrawl.getCrawlStatus(id)).completed).toBeGreaterThanOrEqual(4), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });

    // The restart must land mid-crawl, or the test proves nothing about it.
    expect((await firecrawl.getCrawlStatus(id)).completed).toBeLessThan(PAGES);
    await nats.stop();
    nats = await startNats();

    const finished = await waitForJob({ baseUrl: stack.baseUrl, apiKey: team.apiKey }, `/v2/crawl/${id}`, 120_000);
    expect(finished.status).toBe('completed');
    expect(finished.completed).toBe(PAGES);
    expect(new Set(finished.data.map((page) => page.metadata.sourceURL)).size).toBe(PAGES);
    expect(finished.creditsUsed).toBe(PAGES);

    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      await eventually(
        async () => {
          const { rows } = await db.query<{ n: string }>(
            "select count(*) as n from credit_ledger where job_id = $1 and entry = 'charge'",
            [id],
          );
          expect(Number(rows[0]?.n)).toBe(PAGES);
        },
        { timeoutMs: BILLING_CATCH_UP_MS, intervalMs: 250 },
      );
      const pages = await db.query<{ id: string }>(
        "select id from crawl_pages where job_id = $1 and state = 'completed' order by id",
        [id],
      );
      const charges = await db.query<{ idempotency_key: string; credits: number; api_key_id: string | null }>(
        "select idempotency_key, credits, api_key_id from credit_ledger where job_id = $1 and entry = 'charge' order by idempotency_key",
        [id],
      );
      expect(charges.rows).toEqual(
        pages.rows
          .map((page) => ({ idempotency_key: `crawl:${page.id}`, credits: 1, api_key_id: team.keyId }))
          .sort((a, b) => (a.idempotency_key < b.idempotency_key ? -1 : 1)),
      );
    } finally {
      await db.end();
    }
    expect(await admin(stack, ['reconcile'])).toContain('no drift');

    // The broker is back and the crawl is done: paid work, reservations and reads are all admitted, first time.
    const statuses: number[] = [];
    const call = async (method: 'GET' | 'POST', route: string, body?: unknown): Promise<Record<string, unknown>> => {
      const response = await fetch(`${stack.baseUrl}${route}`, {
        method,
        headers: { authorization: `Bearer ${team.apiKey}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      statuses.push(response.status);
      return (await response.json()) as Record<string, unknown>;
    };
    for (let n = 0; n < 5; n += 1) {
      await call('POST', '/v2/scrape', { url: `${site.url}/article?after=${n}`, maxAge: 0 });
      await call('GET', '/v2/team/credit-usage');
      await call('GET', `/v2/crawl/${id}?limit=1`);
    }
    const batch = await call('POST', '/v2/batch/scrape', {
      urls: [1, 2, 3].map((n) => `${site.url}/article?batch=${n}`),
      maxAge: 0,
    });
    expect(statuses).toEqual(Array.from({ length: 16 }, () => 200));
    const batchDone = await waitForJob(
      { baseUrl: stack.baseUrl, apiKey: team.apiKey },
      `/v2/batch/scrape/${String(batch.id)}`,
    );
    expect(batchDone.completed).toBe(3);

    await charged(stack, team.name, PAGES + 5 + 3);
    await eventually(async () =>
      expect((await firecrawl.getCreditUsage()).remainingCredits).toBe(1000 - PAGES - 5 - 3),
    );
    expect(await admin(stack, ['reconcile'])).toContain('no drift');
  }, 300_000);
});
