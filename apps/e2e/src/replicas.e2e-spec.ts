import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import puppeteer from 'puppeteer-core';
import {
  callApi,
  type CrawlSite,
  eventually,
  type FixtureServer,
  type NatsCluster,
  type RunningStack,
  startFixtureServer,
} from '@wh/testing';
import { createSession, deleteSession, openSocket } from './support/browser-sessions';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
import { type ReplicatedStack, startReplicatedStack } from './support/replicated-stack';

const PAGES = 40;
/** More URLs than one worker has slots (16): the other worker surely takes some. */
const BATCH_URLS = 24;

/**
 * Two processes of each service of crawls and browser sessions, on a three-node NATS JetStream cluster and an S3
 * bucket, as a Kubernetes install with two replicas runs them: the work spreads over both workers with no page
 * fetched or kept twice, and sessions, their profiles and their sockets work across replicas.
 */
describe('two replicas of each service on a three-node NATS cluster', () => {
  let replicated: ReplicatedStack;
  let cluster: NatsCluster;
  let stack: RunningStack;
  let site: CrawlSite;
  let pages: FixtureServer;

  beforeAll(async () => {
    replicated = await startReplicatedStack('replicas', { BROWSER_WARM_POOL_SIZE: '0' });
    ({ cluster, stack } = replicated);
    site = await startOwnCrawlSite({ bulkPages: PAGES, bulkPageDelayMs: 50 });
    pages = await startFixtureServer();
  }, 240_000);

  afterAll(async () => {
    await replicated?.stop();
    await site?.close();
    await pages?.close();
  }, 60_000);

  /** URLs each scrape-worker process finished, read from its own log. */
  function scrapedByWorker(): string[][] {
    return readdirSync(stack.logDir)
      .filter((file) => file.startsWith('scrape-worker-'))
      .map((file) =>
        readFileSync(path.join(stack.logDir, file), 'utf8')
          .split('\n')
          .filter((line) => line.includes('"scrape job finished"'))
          .map((line) => (JSON.parse(line) as { url: string }).url),
      );
  }

  it('crawls with two workers and two schedulers running: both workers scrape, every page is fetched, kept and billed once', async () => {
    expect(stack.replicaUrls['scrape-worker']).toHaveLength(2);
    expect(stack.replicaUrls['crawl-scheduler']).toHaveLength(2);
    const started = await callApi(stack, 'POST', '/v2/crawl', {
      url: `${site.origin}/bulk/0`,
      crawlEntireDomain: true,
      includePaths: ['^/bulk/'],
      sitemap: 'skip',
      scrapeOptions: { maxAge: 0 },
    });
    expect(started.status).toBe(200);
    const status = await waitForJob(stack, `/v2/crawl/${started.body.id as string}`, 180_000);
    expect(status.status).toBe('completed');
    const kept = status.data.map((page) => page.metadata.sourceURL);
    expect(new Set(kept).size).toBe(PAGES);
    expect(kept).toHaveLength(PAGES);
    expect(status.creditsUsed).toBe(PAGES);

    const fetched = site.pathsFetched().filter((fetchedPath) => fetchedPath.startsWith('/bulk/'));
    expect(fetched).toHaveLength(PAGES);
    expect(new Set(fetched).size).toBe(PAGES);
    const byWorker = scrapedByWorker();
    expect(byWorker).toHaveLength(2);
    for (const urls of byWorker) expect(urls.length).toBeGreaterThan(0);
  }, 240_000);

  /** Results each crawl-scheduler process kept and acknowledged, read from its own metrics. */
  async function resultsKeptByScheduler(): Promise<number[]> {
    return Promise.all(
      (stack.replicaUrls['crawl-scheduler'] ?? []).map(async (url) => {
        const text = await (await fetch(`${url}/metrics`)).text();
        const line = text
          .split('\n')
          .find((candidate) =>
            /^wh_jetstream_handler_duration_seconds_count\{[^}]*consumer="crawl-scheduler-results"[^}]*outcome="ack"/.test(
              candidate,
            ),
          );
        return Number(line?.split(' ').at(-1) ?? 0);
      }),
    );
  }

  it('spreads a batch scrape over both workers and both schedulers: each URL fetched and kept once', async () => {
    const urls = Array.from({ length: BATCH_URLS }, (_, index) => `${site.origin}/bulk/${index}?batch`);
    const keptBefore = await resultsKeptByScheduler();
    const started = await callApi(stack, 'POST', '/v2/batch/scrape', { urls, maxAge: 0 });
    expect(started.status).toBe(200);
    const status = await waitForJob(stack, `/v2/batch/scrape/${started.body.id as string}`, 120_000);
    expect(status).toMatchObject({ status: 'completed', completed: BATCH_URLS, creditsUsed: BATCH_URLS });
    expect(status.data.map((page) => page.metadata.sourceURL).sort()).toEqual([...urls].sort());

    const fetched = site.pathsFetched().filter((fetchedPath) => fetchedPath.endsWith('?batch'));
    expect(fetched.sort()).toEqual(urls.map((url) => `${new URL(url).pathname}?batch`).sort());
    for (const done of scrapedByWorker())
      expect(done.filter((url) => url.endsWith('?batch')).length).toBeGreaterThan(0);
    // Each scheduler process kept results (of the crawl before or of this batch), and this batch's were all kept.
    const keptAfter = await resultsKeptByScheduler();
    expect(keptAfter).toHaveLength(2);
    for (const kept of keptAfter) expect(kept).toBeGreaterThan(0);
    const keptNow = keptAfter.reduce((sum, kept, index) => sum + kept - (keptBefore[index] ?? 0), 0);
    expect(keptNow).toBeGreaterThanOrEqual(BATCH_URLS);
  }, 180_000);

  it('keeps every stream and bucket of the stack on all three NATS nodes', async () => {
    const prefixes = [`${stack.namespace.toUpperCase()}_`, `OBJ_${stack.namespace}_`, `KV_${stack.namespace}_`];
    const connection = await connect({ servers: cluster.url.split(',') });
    try {
      const replicasByStream = new Map<string, number>();
      for await (const stream of (await connection.jetstreamManager()).streams.list()) {
        const { name, num_replicas: replicas } = stream.config;
        if (prefixes.some((prefix) => name.startsWith(prefix))) replicasByStream.set(name, replicas);
      }
      // Each service provisions its streams at boot: scrape jobs, crawl events, billing usage, dead letters...
      expect(replicasByStream.size).toBeGreaterThanOrEqual(4);
      expect(Object.fromEntries(replicasByStream)).toEqual(
        Object.fromEntries([...replicasByStream.keys()].map((name) => [name, 3])),
      );
    } finally {
      await connection.close();
    }
  });

  it('answers scrapes through either gateway', async () => {
    const gateways = stack.replicaUrls['api-gateway'] ?? [];
    expect(gateways).toHaveLength(2);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        callApi({ baseUrl: gateways[index % 2] ?? '', apiKey: stack.apiKey }, 'POST', '/v2/scrape', {
          url: `${site.origin}/bulk/${index}`,
          maxAge: 0,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 6 }, () => 200));
  }, 120_000);

  /** The replica a session runs on, as placement recorded it. */
  async function replicaOf(sessionId: string): Promise<string> {
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ replica_id: string }>('select replica_id from browser_sessions where id = $1', [
        sessionId,
      ]);
      return rows[0]?.replica_id ?? '';
    } finally {
      await db.end();
    }
  }

  /** The same URL on another gateway: session tokens live in Postgres, so any gateway can let a client in. */
  function throughGateway(url: string, gateway: string): string {
    const moved = new URL(url);
    const target = new URL(gateway);
    moved.host = target.host;
    return moved.toString();
  }

  it('keeps one profile writer across managers, and reaches a session on either manager through either gateway', async () => {
    const [gatewayA, gatewayB] = stack.replicaUrls['api-gateway'] ?? [];
    if (!gatewayA || !gatewayB) throw new Error('two gateways expected');
    const viaA = { baseUrl: gatewayA, apiKey: stack.apiKey };
    const viaB = { baseUrl: gatewayB, apiKey: stack.apiKey };
    const writer = await createSession(viaA, { streamWebView: false, profile: { name: 'shop' } });
    const secondWriter = await callApi(viaB, 'POST', '/v2/browser', { profile: { name: 'shop' } });
    expect(secondWriter.status).toBe(409);
    expect(secondWriter.body).toMatchObject({ code: 'BROWSER_PROFILE_IN_USE' });
    const reader = await createSession(viaB, { streamWebView: false, profile: { name: 'shop', saveChanges: false } });
    // Placement puts the second session on the replica with more free slots: the other one.
    expect(await replicaOf(reader.id)).not.toBe(await replicaOf(writer.id));

    const writing = await puppeteer.connect({ browserWSEndpoint: throughGateway(writer.cdpUrl, gatewayB) });
    const page = await writing.newPage();
    await page.goto(`${pages.url}/browser/storage`);
    await page.evaluate(() => localStorage.setItem('basket', 'two pears'));
    await writing.disconnect();
    await deleteSession(viaB, writer.id);
    await deleteSession(viaA, reader.id);

    const next = await createSession(viaA, { streamWebView: false, profile: { name: 'shop', saveChanges: false } });
    const reading = await puppeteer.connect({ browserWSEndpoint: throughGateway(next.cdpUrl, gatewayB) });
    const nextPage = await reading.newPage();
    await nextPage.goto(`${pages.url}/browser/storage`);
    expect(await nextPage.evaluate(() => localStorage.getItem('basket'))).toBe('two pears');
    await reading.disconnect();
    await deleteSession(viaA, next.id);
  }, 120_000);
  it('shows a session made through gateway A on the live view of gateway B, and takes its clicks there', async () => {
    const [gatewayA, gatewayB] = stack.replicaUrls['api-gateway'] ?? [];
    if (!gatewayA || !gatewayB) throw new Error('two gateways expected');
    const viaA = { baseUrl: gatewayA, apiKey: stack.apiKey };
    const session = await createSession(viaA);
    const controller = await puppeteer.connect({ browserWSEndpoint: session.cdpUrl });
    try {
      const page = await controller.newPage();
      await page.setViewport({ width: 800, height: 600 });
      await page.goto(`${pages.url}/browser/counter`);

      const shown = await fetch(throughGateway(session.liveViewUrl, gatewayB));
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type')).toContain('text/html');
      const socketUrl = throughGateway(session.interactiveLiveViewUrl, gatewayB)
        .replace(/^http/, 'ws')
        .replace('/live?', '/live/socket?');
      const viewer = await openSocket(socketUrl);
      try {
        const frame = await new Promise<{ width: number }>((resolve) =>
          viewer.on('message', (data) => {
            const message = JSON.parse((data as Buffer).toString()) as { type: string; width: number };
            if (message.type === 'frame') resolve(message);
          }),
        );
        expect(frame.width).toBe(800);
        const box = await (await page.$('#counter'))?.boundingBox();
        if (!box) throw new Error('no #counter button on the page');
        const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        for (const event of ['mousePressed', 'mouseReleased'])
          viewer.send(JSON.stringify({ type: 'mouse', event, ...at, button: 'left', clickCount: 1 }));
        await eventually(async () =>
          expect(await page.$eval('#counter', (button) => (button as HTMLElement).dataset.clicks)).toBe('1'),
        );
      } finally {
        viewer.close();
      }
    } finally {
      await controller.disconnect();
      await deleteSession(viaA, session.id);
    }
  }, 60_000);
});
