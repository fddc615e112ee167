import { ErrorCode, type ResolvedScrapeOptions, type ScrapeDocument, type ScrapeJobCommand } from '@wh/contracts';
import { type ConvertRequest, convertHtml } from '@wh/scraping/core';
import { resolvedScrapeOptions } from '@wh/testing';
import type { BrowserEngine, RenderedPage } from '../browser/browser-engine';
import type { ScrapeCacheRepository } from '../cache/scrape-cache.repository';
import { ProxyPools, type ProxyPoolSettings } from '../proxy/proxy-pools';
import type { FetchedResponse, HttpEngine } from '../fetch';
import { PageScraper } from './page-scraper';

const NOW = new Date('2026-11-22T10:00:00Z');

function job(options: Partial<ResolvedScrapeOptions> = {}): ScrapeJobCommand {
  return {
    jobId: '3b241101-e2bb-4255-8caf-4136c566a962',
    teamId: 'team',
    url: 'https://site.example/page',
    origin: 'direct',
    deadlineAt: NOW.getTime() + 30_000,
    options: resolvedScrapeOptions({ maxAge: 60_000, ...options }),
  };
}

const page: FetchedResponse = {
  url: 'https://site.example/page',
  statusCode: 200,
  headers: {},
  contentType: 'text/html',
  body: Buffer.from('<h1>Hi</h1>'),
  text: '<h1>Hi</h1>',
  redirects: [],
};

const NO_PROXIES: ProxyPoolSettings = { basic: '', enhanced: '', byCountry: '' };

function setup(cached?: ScrapeDocument, response: FetchedResponse = page, proxies: ProxyPoolSettings = NO_PROXIES) {
  const cache = {
    find: jest.fn().mockResolvedValue(cached && { document: cached, scrapedAt: new Date(NOW.getTime() - 1000) }),
    store: jest.fn().mockResolvedValue(undefined),
  };
  const engine = { fetch: jest.fn().mockResolvedValue(response) };
  const rendered: RenderedPage = {
    response: { ...page, text: '<h1>Rendered</h1>' },
    screenshot: 'wh-file:1:team/a.png',
  };
  const browser = { render: jest.fn().mockResolvedValue(rendered) };
  // Fixed outputs, but what the conversion reads besides (a shell, the links in a crawl's scope) is its real reading.
  const convert = jest.fn((request: ConvertRequest) => {
    const { page } = convertHtml(request);
    return Promise.resolve({ outputs: { markdown: '# Hi', metadata: { title: 'Hi', ogLocaleAlternate: [] } }, page });
  });
  const scraper = new PageScraper(
    cache as unknown as ScrapeCacheRepository,
    engine as unknown as HttpEngine,
    browser as unknown as BrowserEngine,
    new ProxyPools(proxies),
    convert,
    { allowPrivateTargets: false, maxResponseBytes: 1000, userAgent: 'test' },
  );
  return { cache, engine, browser, convert, scraper };
}

/** What the job handler does: scrape, then keep the document once the result has been sent. */
async function scrapeAndRemember(scraper: PageScraper, scrapeJob: ScrapeJobCommand): Promise<ScrapeDocument> {
  const { document } = await scraper.scrape(scrapeJob, NOW);
  await scraper.remember(scrapeJob, document, NOW);
  return document;
}

describe('PageScraper', () => {
  it('fetches, converts and stores a fresh page', async () => {
    const { scraper, cache, engine } = setup();
    const document = await scrapeAndRemember(scraper, job());
    expect(document).toEqual({
      markdown: '# Hi',
      metadata: expect.objectContaining({
        title: 'Hi',
        statusCode: 200,
        sourceURL: page.url,
        cacheState: 'miss',
        engine: 'http',
      }),
    });
    expect(engine.fetch).toHaveBeenCalledWith(
      expect.objectContaining({ allowPrivateTargets: false, timeoutMs: 30_000 }),
    );
    expect(cache.store).toHaveBeenCalledTimes(1);
  });

  it('answers from the cache inside maxAge without fetching', async () => {
    const { scraper, engine } = setup({ markdown: 'cached', metadata: { sourceURL: 'x', url: 'x', statusCode: 200 } });
    const { document } = await scraper.scrape(job(), NOW);
    expect(document.markdown).toBe('cached');
    expect(document.metadata.cacheState).toBe('hit');
    expect(engine.fetch).not.toHaveBeenCalled();
  });

  it('does not store again what came from the cache', async () => {
    const { scraper, cache } = setup({ markdown: 'cached', metadata: { sourceURL: 'x', url: 'x', statusCode: 200 } });
    await scrapeAndRemember(scraper, job());
    expect(cache.store).not.toHaveBeenCalled();
  });

  it('never reads the cache with maxAge 0', async () => {
    const { scraper, cache } = setup({ markdown: 'cached', metadata: { sourceURL: 'x', url: 'x', statusCode: 200 } });
    await scraper.scrape(job({ maxAge: 0 }), NOW);
    expect(cache.find).not.toHaveBeenCalled();
  });

  it('does not read the cache again when the job handler already missed it, and still fails minAge', async () => {
    const { scraper, cache, engine } = setup({
      markdown: 'cached',
      metadata: { sourceURL: 'x', url: 'x', statusCode: 200 },
    });
    const { document } = await scraper.scrape(job(), NOW, true);
    expect(document.metadata.cacheState).toBe('miss');
    expect(engine.fetch).toHaveBeenCalledTimes(1);
    await expect(scraper.scrape(job({ minAge: 1 }), NOW, true)).rejects.toMatchObject({
      code: ErrorCode.ScrapeNoCachedData,
    });
    expect(cache.find).not.toHaveBeenCalled();
  });

  it('fails minAge without a cached copy, and never fetches', async () => {
    const { scraper, engine } = setup();
    await expect(scraper.scrape(job({ minAge: 1 }), NOW)).rejects.toMatchObject({ code: ErrorCode.ScrapeNoCachedData });
    expect(engine.fetch).not.toHaveBeenCalled();
  });

  it.each<[string, Partial<ResolvedScrapeOptions>]>([
    ['zero data retention', { zeroDataRetention: true }],
    ['storeInCache false', { storeInCache: false }],
    ['custom headers', { headers: { cookie: 'a' } }],
    ['actions', { actions: [{ type: 'scrape' }] as ResolvedScrapeOptions['actions'] }],
  ])('stores nothing with %s', async (_name, options) => {
    const { scraper, cache } = setup();
    await scrapeAndRemember(scraper, job(options));
    expect(cache.store).not.toHaveBeenCalled();
  });

  it('does not cache error pages', async () => {
    const { scraper, cache } = setup(undefined, { ...page, statusCode: 503 });
    const document = await scrapeAndRemember(scraper, job());
    expect(document.metadata.statusCode).toBe(503);
    expect(cache.store).not.toHaveBeenCalled();
  });

  it('gives up at once when the deadline already passed', async () => {
    const { scraper, engine } = setup();
    await expect(scraper.scrape({ ...job({ maxAge: 0 }), deadlineAt: NOW.getTime() - 1 }, NOW)).rejects.toMatchObject({
      code: ErrorCode.ScrapeTimeout,
    });
    expect(engine.fetch).not.toHaveBeenCalled();
  });

  it('refuses binary content', async () => {
    const { scraper } = setup(undefined, { ...page, contentType: 'image/png', text: undefined });
    await expect(scraper.scrape(job(), NOW)).rejects.toMatchObject({ code: ErrorCode.ScrapeUnsupportedFile });
  });

  it('renders in Chromium what only a browser can do, and caches no document with stored files', async () => {
    const { scraper, engine, browser, cache, convert } = setup();
    const document = await scrapeAndRemember(scraper, job({ screenshot: { fullPage: false } }));
    expect(engine.fetch).not.toHaveBeenCalled();
    expect(browser.render).toHaveBeenCalledTimes(1);
    expect(convert).toHaveBeenCalledWith(expect.objectContaining({ html: '<h1>Rendered</h1>' }));
    expect(document.screenshot).toBe('wh-file:1:team/a.png');
    expect(document.metadata.engine).toBe('chromium');
    expect(cache.store).not.toHaveBeenCalled();
  });

  it('falls back to Chromium when the fetched page is an unrendered app shell', async () => {
    const shell = '<html><body><div id="root"></div><script src="/app.js"></script></body></html>';
    const { scraper, browser } = setup(undefined, { ...page, text: shell, body: Buffer.from(shell) });
    const { document } = await scraper.scrape(job(), NOW);
    expect(browser.render).toHaveBeenCalledTimes(1);
    expect(document.metadata.engine).toBe('chromium');
  });

  it('keeps the HTTP engine for a shell the site answered with an error status', async () => {
    const shell = '<html><body><div id="root"></div><script src="/app.js"></script></body></html>';
    const { scraper, browser } = setup(undefined, { ...page, statusCode: 404, text: shell, body: Buffer.from(shell) });
    const { document } = await scraper.scrape(job(), NOW);
    expect(browser.render).not.toHaveBeenCalled();
    expect(document.metadata.engine).toBe('http');
  });

  it("returns, for a crawl's page, only the links within the crawl's scope, and the document as it was", async () => {
    const html = '<body><a href="/docs/a">A</a><a href="/blog">Blog</a><a href="https://other.test/">Out</a></body>';
    const { scraper, convert } = setup(undefined, { ...page, text: html, body: Buffer.from(html) });
    const discoveryScope = {
      startUrl: 'https://site.example/docs',
      crawlEntireDomain: false,
      allowSubdomains: false,
      allowExternalLinks: false,
      includePaths: [],
      excludePaths: [],
      regexOnFullURL: false,
    };
    const outcome = await scraper.scrape({ ...job({ maxAge: 0 }), discoverLinks: true, discoveryScope }, NOW);
    expect(outcome.discoveredLinks).toEqual(['https://site.example/docs/a']);
    expect(convert).toHaveBeenCalledWith(expect.objectContaining({ linkScope: discoveryScope }));
    expect(outcome.document).not.toHaveProperty('linksInScope');
  });

  it('keeps the HTTP engine for pages with content of their own', async () => {
    const { scraper, browser } = setup();
    await scraper.scrape(job(), NOW);
    expect(browser.render).not.toHaveBeenCalled();
  });

  it('refuses the enhanced proxy when no enhanced pool is configured', async () => {
    const { scraper, engine } = setup();
    await expect(scraper.scrape(job({ proxy: 'enhanced', maxAge: 0 }), NOW)).rejects.toMatchObject({
      code: ErrorCode.UnsupportedOption,
    });
    expect(engine.fetch).not.toHaveBeenCalled();
  });

  describe('proxies', () => {
    const pools = {
      basic: 'http://basic.example:3128',
      enhanced: 'http://enhanced.example:3128',
      byCountry: 'DE=http://de.example:3128',
    };

    it('fetches through the basic pool, or the pool of the location', async () => {
      const { scraper, engine } = setup(undefined, page, pools);
      await scraper.scrape(job({ maxAge: 0 }), NOW);
      expect(engine.fetch).toHaveBeenLastCalledWith(
        expect.objectContaining({ proxyUrl: 'http://basic.example:3128/' }),
      );
    });

    it('renders enhanced requests through the enhanced pool and bills them as enhanced', async () => {
      const { scraper, engine, browser } = setup(undefined, page, pools);
      const { usage } = await scraper.scrape(job({ maxAge: 0, proxy: 'enhanced' }), NOW);
      expect(engine.fetch).not.toHaveBeenCalled();
      expect(browser.render).toHaveBeenCalledWith(
        expect.objectContaining({ proxy: expect.objectContaining({ server: 'enhanced.example:3128' }) }),
      );
      expect(usage.proxyUsed).toBe('enhanced');
    });

    it.each([401, 403, 429])(
      'retries a %s through the enhanced proxy with auto, billed as enhanced when it works',
      async (status) => {
        const { scraper, browser } = setup(undefined, { ...page, statusCode: status }, pools);
        const { document, usage } = await scraper.scrape(job({ maxAge: 0, proxy: 'auto' }), NOW);
        expect(browser.render).toHaveBeenCalledTimes(1);
        expect(document.metadata.statusCode).toBe(200);
        expect(usage.proxyUsed).toBe('enhanced');
      },
    );

    it('keeps the first answer, billed as basic, when the enhanced retry fails too', async () => {
      const { scraper, browser } = setup(undefined, { ...page, statusCode: 403 }, pools);
      browser.render.mockRejectedValueOnce(new Error('proxy down'));
      const { document, usage } = await scraper.scrape(job({ maxAge: 0, proxy: 'auto' }), NOW);
      expect(document.metadata.statusCode).toBe(403);
      expect(usage.proxyUsed).toBe('basic');
    });

    it('does not retry with basic, nor without an enhanced pool', async () => {
      for (const [proxy, settings] of [
        ['basic', pools],
        ['auto', NO_PROXIES],
      ] as const) {
        const { scraper, browser } = setup(undefined, { ...page, statusCode: 403 }, settings);
        await scraper.scrape(job({ maxAge: 0, proxy }), NOW);
        expect(browser.render).not.toHaveBeenCalled();
      }
    });
  });

  it('takes a PDF that Chromium opened from the HTTP engine, and never renders it again', async () => {
    const { scraper, engine, browser } = setup(undefined, { ...page, contentType: 'application/pdf', text: undefined });
    browser.render.mockResolvedValueOnce({ response: { ...page, contentType: 'application/pdf' } });
    await expect(scraper.scrape(job({ maxAge: 0, waitFor: 100, rawPdf: true }), NOW)).resolves.toMatchObject({
      usage: { proxyUsed: 'basic' },
    });
    expect(browser.render).toHaveBeenCalledTimes(1);
    expect(engine.fetch).toHaveBeenCalledTimes(1);
  });
});
