import { callApi, type CrawlSite } from '@wh/testing';
import { keptUrls, startOwnCrawlSite, waitForJob, type JobStatusBody } from './support/crawl-helpers';
import { sharedStack } from './support/stack-env';

const stack = sharedStack();

let site: CrawlSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

async function crawlFresh(
  body: Record<string, unknown>,
  siteOptions = {},
): Promise<{ site: CrawlSite; id: string; status: JobStatusBody }> {
  site = await startOwnCrawlSite(siteOptions);
  const url = typeof body.url === 'string' ? `${site.origin}${body.url}` : `${site.origin}/`;
  const started = await callApi(stack, 'POST', '/v2/crawl', { scrapeOptions: { maxAge: 0 }, ...body, url });
  expect(started.status).toBe(200);
  const id = started.body.id as string;
  expect(started.body).toEqual({ success: true, id, url: `${stack.baseUrl}/v2/crawl/${id}` });
  return { site, id, status: await waitForJob(stack, `/v2/crawl/${id}`) };
}

const ALL_PAGES = [
  '/',
  '/about',
  '/blog',
  '/blog/post-1',
  '/blog/post-2',
  '/blog/post-3',
  '/broken',
  '/docs',
  '/docs/advanced?b=2&a=1',
  '/docs/archive',
  '/docs/guide',
  '/docs/intro',
  '/docs/intro/deep',
  '/docs/intro/deep/deeper',
  '/docs/moved',
  '/docs?page=2',
  '/missing',
];

describe('POST /v2/crawl', () => {
  it('fetches every page once: sitemap index (plain and gzipped), links, robots rules, normalised variants', async () => {
    const { site: crawled, id, status } = await crawlFresh({});
    expect(status.status).toBe('completed');
    expect(keptUrls(crawled, status)).toEqual(ALL_PAGES);
    expect(status).toMatchObject({
      completed: ALL_PAGES.length,
      total: ALL_PAGES.length,
      creditsUsed: ALL_PAGES.length,
    });
    const fetched = crawled.pathsFetched();
    const pages = fetched.filter((path) => !path.startsWith('/sitemap') && path !== '/robots.txt');
    expect(pages).toHaveLength(new Set(pages).size);
    expect(fetched.filter((path) => path === '/robots.txt')).toHaveLength(1);
    expect(fetched.some((path) => path.startsWith('/private'))).toBe(false);
    expect(crawled.pathsFetched(`blog.${new URL(crawled.origin).hostname}`)).toEqual([]);
    expect(status.data.find((page) => page.metadata.url.endsWith('/broken'))?.metadata.statusCode).toBe(500);
    expect(status.data.find((page) => page.metadata.url.endsWith('/docs/moved'))?.metadata.sourceURL).toMatch(
      /\/old-docs$/,
    );

    const errors = await callApi(stack, 'GET', `/v2/crawl/${id}/errors`);
    expect(errors.status).toBe(200);
    expect(errors.body.errors).toEqual([]);
    expect(errors.body.robotsBlocked).toEqual([`${crawled.origin}/private/secret`]);
  }, 90_000);

  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'follows only child paths of the start URL',
      { url: '/docs' },
      [
        '/docs',
        '/docs/advanced?b=2&a=1',
        '/docs/archive',
        '/docs/guide',
        '/docs/intro',
        '/docs/intro/deep',
        '/docs/intro/deep/deeper',
      ],
    ],
    [
      'follows siblings with crawlEntireDomain',
      { url: '/docs', crawlEntireDomain: true, sitemap: 'skip', maxDiscoveryDepth: 1 },
      ['/blog', '/docs', '/docs/advanced?b=2&a=1', '/docs/intro'],
    ],
    ['checks the start URL against includePaths too', { url: '/docs', includePaths: ['^/docs/intro'] }, []],
    [
      'applies excludePaths to the path',
      { sitemap: 'skip', excludePaths: ['^/blog', '^/docs/intro/'] },
      [
        '/',
        '/about',
        '/broken',
        '/docs',
        '/docs/advanced?b=2&a=1',
        '/docs/intro',
        '/docs/moved',
        '/docs?page=2',
        '/missing',
      ],
    ],
    [
      'applies patterns to the full URL with regexOnFullURL',
      { sitemap: 'skip', maxDiscoveryDepth: 1, regexOnFullURL: true, excludePaths: ['page=2'] },
      ['/', '/about', '/blog', '/broken', '/docs', '/docs/moved', '/missing'],
    ],
    [
      'stops at maxDiscoveryDepth',
      { sitemap: 'skip', maxDiscoveryDepth: 1 },
      ['/', '/about', '/blog', '/broken', '/docs', '/docs/moved', '/docs?page=2', '/missing'],
    ],
    [
      'collapses query variants with ignoreQueryParameters',
      { sitemap: 'skip', maxDiscoveryDepth: 1, ignoreQueryParameters: true },
      ['/', '/about', '/blog', '/broken', '/docs', '/docs/moved', '/missing'],
    ],
    [
      'reads only the sitemap with sitemap: only',
      { sitemap: 'only' },
      ['/', '/blog/post-3', '/docs/archive', '/docs/guide'],
    ],
    [
      'crawls subdomains with allowSubdomains',
      {
        sitemap: 'skip',
        maxDiscoveryDepth: 1,
        allowSubdomains: true,
        excludePaths: ['^/(about|broken|missing|old-docs)$'],
      },
      ['/', '/blog', '/docs', '/docs?page=2', 'SUBDOMAIN/'],
    ],
  ])(
    '%s',
    async (_name, options, expected) => {
      const { site: crawled, status } = await crawlFresh(options);
      expect(status.status).toBe('completed');
      const subdomain = `http://blog.${new URL(crawled.origin).host}`;
      expect(keptUrls(crawled, status)).toEqual(expected.map((path) => path.replace('SUBDOMAIN', subdomain)).sort());
    },
    60_000,
  );

  it('stops at limit', async () => {
    const { status } = await crawlFresh({ sitemap: 'skip', limit: 3 });
    expect(status).toMatchObject({ status: 'completed', completed: 3, total: 3, creditsUsed: 3 });
  }, 60_000);

  it("spaces requests by the site's Crawl-delay", async () => {
    const { site: crawled, status } = await crawlFresh({ sitemap: 'skip', limit: 3 }, { crawlDelaySeconds: 1 });
    expect(status.completed).toBe(3);
    const pageHits = crawled.hits.filter((hit) => hit.path !== '/robots.txt');
    const gaps = pageHits.slice(1).map((hit, index) => hit.at - (pageHits[index]?.at ?? 0));
    expect(gaps.every((gap) => gap >= 900)).toBe(true);
  }, 60_000);
});
