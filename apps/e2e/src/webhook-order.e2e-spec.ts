import {
  callApi,
  type CrawlSite,
  eventually,
  type ReceivedWebhook,
  type RunningStack,
  startStack,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@wh/testing';
import { WebSocket } from 'undici';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
import { sharedInfrastructure } from './support/stack-env';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

type Kind = 'crawl' | 'batch';
const PREFIX: Record<Kind, string> = { crawl: 'crawl', batch: 'batch_scrape' };
const PATH: Record<Kind, string> = { crawl: '/v2/crawl', batch: '/v2/batch/scrape' };

/** Jobs started at once; more would only queue behind the team's concurrency limit on two cores. */
const GROUP = 25;

/** Crawls and batches taking turns. */
const kindOf = (index: number): Kind => (index % 2 === 0 ? 'crawl' : 'batch');

const isPage = (event: ReceivedWebhook) => event.body.type.endsWith('.page');
const isTerminal = (event: ReceivedWebhook) => /\.(completed|failed)$/.test(event.body.type);

/**
 * The order of a job's events as a receiver sees it (issue 28): numbered 1..n, page events sent only after
 * `started` was answered, and the terminal event, carrying the number of page events, only after every page event's
 * first delivery was answered, however slowly. Runs on a stack of its own, whose crawl-scheduler one test kills.
 */
describe('webhook events of a job arrive in order', () => {
  let stack: RunningStack;
  let site: CrawlSite;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    stack = await startStack(sharedInfrastructure(), {
      services: ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'billing-service'],
      label: 'webhook-order',
    });
    site = await startOwnCrawlSite({ bulkPages: 60 });
    // Events of a `slow` job are answered after up to 2 s (its terminal event at once), the page events of a
    // `held` job after 3 s; the rest at once.
    receiver = await startWebhookReceiver({
      answerDelayMs: (body) => {
        const metadata = body.metadata as { slow?: boolean; held?: boolean };
        if (isTerminal({ body } as ReceivedWebhook)) return 0;
        if (metadata.held) return body.type.endsWith('.page') ? 3_000 : 0;
        return metadata.slow ? Math.floor(Math.random() * 2_000) : 0;
      },
    });
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    await site?.close();
    await receiver?.close();
  }, 60_000);

  const eventsOf = (id: string) => receiver.received.filter((event) => event.body.id === id);

  /** Each event's first attempt (a scheduler killed mid-send may send one twice as attempt 1: its earliest). */
  function firstAttempts(id: string): ReceivedWebhook[] {
    const bySequence = new Map<number, ReceivedWebhook>();
    for (const event of eventsOf(id)) {
      if (event.body.attempt !== 1 || event.body.sequence === undefined) continue;
      const known = bySequence.get(event.body.sequence);
      if (!known || event.receivedAt < known.receivedAt) bySequence.set(event.body.sequence, event);
    }
    return [...bySequence.values()].sort((a, b) => (a.body.sequence ?? 0) - (b.body.sequence ?? 0));
  }

  async function start(kind: Kind, pages: number, metadata: Record<string, unknown>): Promise<string> {
    const webhook = { url: receiver.url, metadata };
    const body =
      kind === 'crawl'
        ? {
            url: `${site.origin}/bulk/0`,
            crawlEntireDomain: true,
            includePaths: ['^/bulk/'],
            sitemap: 'skip',
            limit: pages,
            webhook,
          }
        : { urls: Array.from({ length: pages }, (_, index) => `${site.origin}/bulk/${index + 1}`), webhook };
    const response = await callApi(stack, 'POST', PATH[kind], body);
    expect(response.status).toBe(200);
    return response.body.id as string;
  }

  /** Waits for the job's terminal event and checks the order of everything it was sent. */
  async function expectInOrder(kind: Kind, id: string, pages: number): Promise<void> {
    await eventually(
      () => {
        if (!firstAttempts(id).some(isTerminal)) throw new Error(`no terminal event yet for ${id}`);
      },
      { timeoutMs: 90_000, intervalMs: 100 },
    );
    const events = firstAttempts(id);
    const terminal = events.find(isTerminal);
    const pageEvents = events.filter(isPage);
    expect(events.map((event) => event.body.sequence)).toEqual(events.map((_, index) => index + 1));
    expect(events[0]?.body.type).toBe(`${PREFIX[kind]}.started`);
    expect(terminal?.body).toMatchObject({ type: `${PREFIX[kind]}.completed`, pageEvents: pages });
    expect(terminal).toBe(events.at(-1));
    expect(pageEvents).toHaveLength(pages);
    for (const page of pageEvents) {
      expect(page.receivedAt).toBeGreaterThanOrEqual(events[0]?.answeredAt ?? Infinity);
      expect(terminal?.receivedAt).toBeGreaterThanOrEqual(page.answeredAt);
    }
    // Exactly one terminal event reached the receiver, however many times it was queued.
    expect(eventsOf(id).filter(isTerminal)).toHaveLength(1);
  }

  it('50 crawls and 50 batch scrapes of 2 to 4 pages, half of them with events answered up to 2 s late', async () => {
    const jobs = Array.from({ length: 100 }, (_, index) => ({
      kind: kindOf(index),
      pages: 2 + (index % 3),
      slow: index % 4 < 2,
    }));
    for (let first = 0; first < jobs.length; first += GROUP) {
      await Promise.all(
        jobs.slice(first, first + GROUP).map(async ({ kind, pages, slow }, offset) => {
          const id = await start(kind, pages, { slow, run: first + offset });
          await expectInOrder(kind, id, pages);
        }),
      );
    }
  }, 240_000);

  describe("the SDK's watcher", () => {
    const firecrawl = () => new Firecrawl({ apiKey: stack.apiKey, apiUrl: stack.baseUrl });
    const globals = globalThis as { WebSocket?: unknown };
    const ownWebSocket = globals.WebSocket;

    // On Node 20 the SDK loads undici's WebSocket with a dynamic import, which Jest's module system refuses; it would
    // then poll the status endpoint instead. Given one, it watches through the socket this test is about.
    beforeAll(() => {
      globals.WebSocket ??= WebSocket;
    });
    afterAll(() => {
      globals.WebSocket = ownWebSocket;
    });

    /** Watches a job to its end; what the watcher emitted, in order. */
    async function watch(kind: Kind, id: string): Promise<string[]> {
      const watcher = firecrawl().watcher(id, { kind, pollInterval: 1 });
      const seen: string[] = [];
      watcher.on('document', (document: { metadata?: { sourceURL?: string } }) =>
        seen.push(`document ${document.metadata?.sourceURL ?? ''}`),
      );
      watcher.on('done', () => seen.push('done'));
      watcher.on('error', (error: { error?: string }) => seen.push(`error ${error.error ?? ''}`));
      await watcher.start();
      expect((watcher as unknown as { ws?: unknown }).ws).toBeDefined();
      // Whatever else the socket still carries after the end would show here.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return seen;
    }

    async function expectDoneAfterEveryDocument(kind: Kind, id: string, seen: string[]): Promise<void> {
      const final = await waitForJob(stack, `${PATH[kind]}/${id}`);
      const documents = final.data.map((document) => `document ${document.metadata.sourceURL}`).sort();
      const end = seen.indexOf('done');
      expect(end).toBeGreaterThan(0);
      expect(seen.slice(0, end).sort()).toEqual(documents);
      expect(seen.slice(end).filter((entry) => entry.startsWith('document'))).toEqual([]);
    }

    async function startWithSdk(kind: Kind, pages: number): Promise<string> {
      const client = firecrawl();
      if (kind === 'crawl')
        return (
          await client.startCrawl(`${site.origin}/bulk/0`, {
            crawlEntireDomain: true,
            includePaths: ['^/bulk/'],
            sitemap: 'skip',
            limit: pages,
          })
        ).id;
      return (
        await client.startBatchScrape(Array.from({ length: pages }, (_, index) => `${site.origin}/bulk/${index + 1}`))
      ).id;
    }

    it('never sees done before a document: 24 jobs, watched from their start or attached after their end', async () => {
      const runs = Array.from({ length: 24 }, (_, index) => ({
        kind: kindOf(index),
        late: index % 4 >= 2,
        pages: 2 + (index % 3),
      }));
      for (let first = 0; first < runs.length; first += 12) {
        await Promise.all(
          runs.slice(first, first + 12).map(async ({ kind, late, pages }) => {
            const id = await startWithSdk(kind, pages);
            if (late) await waitForJob(stack, `${PATH[kind]}/${id}`);
            await expectDoneAfterEveryDocument(kind, id, await watch(kind, id));
          }),
        );
      }
    }, 180_000);

    it('attached after the end of a crawl larger than one status page, gets every document before done', async () => {
      const big = await startOwnCrawlSite({ bulkPages: 40, bulkPageBytes: 300_000 });
      try {
        const { id } = await firecrawl().startCrawl(`${big.origin}/bulk/0`, {
          crawlEntireDomain: true,
          includePaths: ['^/bulk/'],
          sitemap: 'skip',
        });
        const first = await waitForJob(stack, `/v2/crawl/${id}?limit=1000`, 120_000);
        expect(first.next).toBeTruthy();

        const seen = await watch('crawl', id);

        const end = seen.indexOf('done');
        expect(end).toBe(40);
        expect(new Set(seen.slice(0, end)).size).toBe(40);
      } finally {
        await big.close();
      }
    }, 180_000);
  });

  it('kill -9 of the crawl-scheduler between the last page and completed: one completed, after the pages', async () => {
    const id = await start('crawl', 4, { held: true });
    // The crawl has ended; its page events are at the receiver, which holds its answers for 3 s: `completed` waits.
    await eventually(
      async () => {
        const status = await callApi(stack, 'GET', `/v2/crawl/${id}?limit=1`);
        expect(status.body.status).toBe('completed');
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(eventsOf(id).filter(isTerminal)).toEqual([]);
    const scheduler = stack.processes.get('crawl-scheduler');
    if (!scheduler) throw new Error('crawl-scheduler is not running');
    scheduler.kill('SIGKILL');
    stack.processes.delete('crawl-scheduler');
    await stack.startService('crawl-scheduler');

    await expectInOrder('crawl', id, 4);
    // Nothing comes later: page retries aside, the job's event stream is over.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(eventsOf(id).filter(isTerminal)).toHaveLength(1);
  }, 180_000);
});
