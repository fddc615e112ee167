import WebSocket from 'ws';
import type { CrawlSite } from '@wh/testing';
import { startOwnCrawlSite } from './support/crawl-helpers';
import { sharedStack } from './support/stack-env';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

const stack = sharedStack();

describe('the official Firecrawl SDK with batch scrapes and crawls', () => {
  let site: CrawlSite;
  const firecrawl = new Firecrawl({ apiKey: stack.apiKey, apiUrl: stack.baseUrl });

  beforeAll(async () => {
    site = await startOwnCrawlSite({ bulkPages: 40, bulkPageBytes: 300_000 });
  });
  afterAll(async () => {
    await site.close();
  });

  it('crawls and waits with crawl()', async () => {
    const job = await firecrawl.crawl(`${site.origin}/docs`, {
      sitemap: 'skip',
      limit: 10,
      scrapeOptions: { formats: ['markdown'], maxAge: 0 },
      pollInterval: 1,
    });
    expect(job.status).toBe('completed');
    expect(job.data.map((document) => new URL(document.metadata?.sourceURL ?? '').pathname).sort()).toEqual(
      ['/docs', '/docs/advanced', '/docs/intro', '/docs/intro/deep', '/docs/intro/deep/deeper'].sort(),
    );
    expect(job.data.every((document) => (document.markdown ?? '').length > 0)).toBe(true);
    expect(job.creditsUsed).toBe(5);
  }, 60_000);

  it('batch scrapes with batchScrape()', async () => {
    const job = await firecrawl.batchScrape([`${site.origin}/about`, `${site.origin}/blog`], {
      options: { formats: ['markdown', 'links'] },
      pollInterval: 1,
    });
    expect(job.status).toBe('completed');
    expect(job.completed).toBe(2);
    expect(job.data.map((document) => document.metadata?.title).sort()).toEqual(['About', 'Blog']);
  }, 60_000);

  it('reads a crawl larger than 10 MB whole through getCrawlStatus auto-pagination', async () => {
    const started = await firecrawl.startCrawl(`${site.origin}/bulk/0`, {
      crawlEntireDomain: true,
      includePaths: ['^/bulk/'],
      sitemap: 'skip',
      scrapeOptions: { maxAge: 0 },
    });
    let status = await firecrawl.getCrawlStatus(started.id, { autoPaginate: false });
    for (let waited = 0; status.status === 'scraping' && waited < 120; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      status = await firecrawl.getCrawlStatus(started.id, { autoPaginate: false });
    }
    expect(status.status).toBe('completed');
    expect(status.next).toBeTruthy();
    const whole = await firecrawl.getCrawlStatus(started.id);
    expect(whole.data).toHaveLength(40);
    expect(new Set(whole.data.map((document) => document.metadata?.sourceURL)).size).toBe(40);
  }, 180_000);

  it("streams a crawl through the SDK's watcher socket: catch-up, each document, done", async () => {
    const started = await firecrawl.startCrawl(`${site.origin}/`, {
      sitemap: 'skip',
      maxDiscoveryDepth: 1,
      scrapeOptions: { maxAge: 0 },
    });
    const watcher = firecrawl.watcher(started.id, { kind: 'crawl', pollInterval: 1 });
    const streamed: string[] = [];
    watcher.on('document', (document: { metadata?: { sourceURL?: string } }) =>
      streamed.push(document.metadata?.sourceURL ?? ''),
    );
    const done = new Promise<{ status: string; completed: number }>((resolve, reject) => {
      watcher.on('done', resolve);
      watcher.on('error', reject);
    });
    await watcher.start();
    const finished = await done;
    expect(finished.status).toBe('completed');
    const final = await firecrawl.getCrawlStatus(started.id);
    expect(streamed.sort()).toEqual(final.data.map((document) => document.metadata?.sourceURL ?? '').sort());
    expect(streamed.length).toBe(finished.completed);
  }, 60_000);

  it('checks the key and the team before upgrading a watcher socket', async () => {
    const started = await firecrawl.startCrawl(`${site.origin}/about`, { sitemap: 'skip' });
    const socketPath = `${stack.baseUrl.replace('http', 'ws')}/v2/crawl/${started.id}`;
    const refusal = (protocol: string | undefined, path = socketPath) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(path, protocol);
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('error', () => undefined);
      });
    expect(await refusal('fc-not-a-key')).toBe(401);
    expect(
      await refusal(
        stack.apiKey,
        `${stack.baseUrl.replace('http', 'ws')}/v2/crawl/00000000-0000-4000-8000-000000000001`,
      ),
    ).toBe(404);
    expect(await refusal(stack.apiKey)).toBe(101);
  }, 30_000);

  it('cancels with cancelCrawl(), lists with getActiveCrawls() and reads getCrawlErrors()', async () => {
    const started = await firecrawl.startCrawl(`${site.origin}/`, {
      sitemap: 'skip',
      delay: 1,
      maxConcurrency: 1,
      scrapeOptions: { maxAge: 0 },
    });
    const active = await firecrawl.getActiveCrawls();
    expect(active.crawls.map((crawl) => crawl.id)).toContain(started.id);
    expect(await firecrawl.cancelCrawl(started.id)).toBe(true);
    expect((await firecrawl.getCrawlStatus(started.id)).status).toBe('cancelled');
    const errors = await firecrawl.getCrawlErrors(started.id);
    expect(errors.errors).toEqual([]);
    expect(Array.isArray(errors.robotsBlocked)).toBe(true);
  }, 60_000);
});
