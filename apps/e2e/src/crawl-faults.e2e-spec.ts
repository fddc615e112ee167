import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type NatsServer, startNatsServer } from '@wh/tools/dev';
import { Consumers } from '@wh/contracts';
import {
  callApi,
  type CrawlSite,
  eventually,
  freePort,
  type RunningStack,
  type ServiceName,
  runCompiled,
  startStack,
} from '@wh/testing';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
import { sharedInfrastructure } from './support/stack-env';

const PAGES = 24;
/**
 * A scheduler killed between keeping a batch and publishing its charges leaves them to the redelivery of that
 * batch, one ack wait after its delivery: billing may trail the crawl's end by that long.
 */
const BILLING_CATCH_UP_MS = Consumers.crawlSchedulerResults.ackWaitMs + 20_000;

/**
 * Breaks a process (or the broker) in the middle of a crawl and checks that the crawl still completes with every
 * page exactly once in its data, billed once. Runs on a NATS server of its own, which one test restarts.
 */
describe('a crawl survives faults', () => {
  let workDir: string;
  let natsPort: number;
  let natsMonitorPort: number;
  let nats: NatsServer;
  let stack: RunningStack;
  let site: CrawlSite;

  const startNats = (): Promise<NatsServer> =>
    startNatsServer({ port: natsPort, monitorPort: natsMonitorPort, storeDir: path.join(workDir, 'nats') });

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'wh-faults-'));
    natsPort = await freePort();
    natsMonitorPort = await freePort();
    nats = await startNats();
    stack = await startStack(
      { natsUrl: nats.url, postgresAdminUrl: sharedInfrastructure().postgresAdminUrl },
      { services: ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'billing-service'], label: 'faults' },
    );
    site = await startOwnCrawlSite({ bulkPages: PAGES, bulkPageDelayMs: 150 });
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    await nats?.stop();
    await site?.close();
    rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  async function startCrawl(): Promise<string> {
    const response = await callApi(stack, 'POST', '/v2/crawl', {
      url: `${site.origin}/bulk/0`,
      crawlEntireDomain: true,
      includePaths: ['^/bulk/'],
      sitemap: 'skip',
      maxConcurrency: 2,
      scrapeOptions: { maxAge: 0 },
    });
    expect(response.status).toBe(200);
    return response.body.id as string;
  }

  async function waitForProgress(id: string, pages: number): Promise<void> {
    await eventually(
      async () => {
        const status = await callApi(stack, 'GET', `/v2/crawl/${id}?limit=1`);
        if ((status.body.completed as number) < pages) throw new Error(`completed ${String(status.body.completed)}`);
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }

  function kill(service: ServiceName): ChildProcess {
    const child = stack.processes.get(service);
    if (!child) throw new Error(`${service} is not running`);
    child.kill('SIGKILL');
    stack.processes.delete(service);
    return child;
  }

  async function expectEveryPageOnceBilledOnce(id: string): Promise<void> {
    const status = await waitForJob(stack, `/v2/crawl/${id}`, 120_000);
    expect(status.status).toBe('completed');
    const urls = status.data.map((page) => page.metadata.sourceURL);
    expect(urls).toHaveLength(PAGES);
    expect(new Set(urls).size).toBe(PAGES);
    expect(status.completed).toBe(PAGES);
    expect(status.creditsUsed).toBe(PAGES);
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const billed = await eventually(
        async () => {
          const { rows } = await db.query<{ events: string; credits: string }>(
            "select count(*) as events, coalesce(sum(credits), 0) as credits from credit_ledger where job_id = $1 and entry = 'charge'",
            [id],
          );
          if (Number(rows[0]?.events) < PAGES) throw new Error(`billed ${rows[0]?.events ?? 0} pages`);
          return rows[0];
        },
        { timeoutMs: BILLING_CATCH_UP_MS, intervalMs: 250 },
      );
      expect(Number(billed?.events)).toBe(PAGES);
      expect(Number(billed?.credits)).toBe(PAGES);
    } finally {
      await db.end();
    }
    // The running totals the credit checks read agree with the ledger rows.
    const env = { DATABASE_URL: stack.databaseUrl, NATS_URL: stack.natsUrl, WH_NAMESPACE: stack.namespace };
    expect(await runCompiled('apps/billing-service/src/admin/admin.cli.js', ['reconcile'], env)).toContain('no drift');
  }

  it('kill -9 of the scrape-worker', async () => {
    const id = await startCrawl();
    await waitForProgress(id, 4);
    kill('scrape-worker');
    await stack.startService('scrape-worker');
    await expectEveryPageOnceBilledOnce(id);
  }, 200_000);

  it('kill -9 of the crawl-scheduler', async () => {
    const id = await startCrawl();
    await waitForProgress(id, 4);
    kill('crawl-scheduler');
    await stack.startService('crawl-scheduler');
    await expectEveryPageOnceBilledOnce(id);
  }, 200_000);

  it('a page the killed scheduler claimed but never published is sent by its successor at once', async () => {
    const id = await startCrawl();
    await waitForProgress(id, 4);
    kill('crawl-scheduler');
    // The moment between a claim's commit and its publish, made to last: the page is dispatched and no job says so.
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const claimed = await db.query(
        `update crawl_pages set state = 'dispatched', attempts = attempts + 1, dispatched_at = now()
         where id = (select id from crawl_pages where job_id = $1 and state = 'queued' order by seq limit 1)`,
        [id],
      );
      expect(claimed.rowCount).toBe(1);
    } finally {
      await db.end();
    }
    await stack.startService('crawl-scheduler');
    // Well within the ten minutes after which the stale-dispatch sweep would send it.
    await expectEveryPageOnceBilledOnce(id);
  }, 200_000);

  it('kill -9 of the billing-service: every kept page has exactly one charge row', async () => {
    const id = await startCrawl();
    await waitForProgress(id, 4);
    kill('billing-service');
    // Pages go on being kept and their charges wait in BILLING_USAGE meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await stack.startService('billing-service');
    await expectEveryPageOnceBilledOnce(id);
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const pages = await db.query<{ id: string }>(
        "select id from crawl_pages where job_id = $1 and state = 'completed' order by id",
        [id],
      );
      const charges = await db.query<{ idempotency_key: string; credits: number }>(
        "select idempotency_key, credits from credit_ledger where job_id = $1 and entry = 'charge' order by idempotency_key",
        [id],
      );
      expect(charges.rows).toEqual(
        pages.rows
          .map((page) => ({ idempotency_key: `crawl:${page.id}`, credits: 1 }))
          .sort((a, b) => (a.idempotency_key < b.idempotency_key ? -1 : 1)),
      );
    } finally {
      await db.end();
    }
  }, 200_000);

  it('kill -9 of the api-gateway', async () => {
    const id = await startCrawl();
    await waitForProgress(id, 4);
    kill('api-gateway');
    await stack.startService('api-gateway');
    await expectEveryPageOnceBilledOnce(id);
  }, 200_000);

  it('a restart of NATS', async () => {
    const id = await startCrawl();
    await waitForProgress(id, 4);
    await nats.stop();
    nats = await startNats();
    await expectEveryPageOnceBilledOnce(id);
  }, 200_000);
});
