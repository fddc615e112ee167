import { callApi, CRAWL_TEST_DOMAIN, type CrawlSite, eventually, startCrawlSite } from '@wh/testing';
import { sharedStack } from './support/stack-env';

const stack = sharedStack();

interface StatusBody {
  success: boolean;
  status: string;
  total: number;
  completed: number;
  creditsUsed: number;
  expiresAt: string;
  next?: string;
  data: { markdown?: string; metadata: { sourceURL: string; url: string; statusCode: number } }[];
}

let site: CrawlSite;
let siteNumber = 0;

/** A fresh site per crawl, so each test's request log is its own. */
async function freshSite(options: { crawlDelaySeconds?: number; bulkPages?: number; bulkPageBytes?: number } = {}): Promise<CrawlSite> {
  siteNumber += 1;
  site = await startCrawlSite({ host: `site${siteNumber}.${CRAWL_TEST_DOMAIN}`, ...options });
  return site;
}

afterEach(async () => {
  await site?.close();
});

async function crawl(body: Record<string, unknown>): Promise<{ id: string; status: StatusBody }> {
  const started = await callApi(stack, 'POST', '/v2/crawl', { scrapeOptions: { maxAge: 0 }, ...body });
  expect(started.status).toBe(200);
  const id = started.body.id as string;
  expect(started.body.url).toBe(`${stack.baseUrl}/v2/crawl/${id}`);
  const status = await eventually(
    async () => {
      const response = await callApi(stack, 'GET', `/v2/crawl/${id}`);
      const body = response.body as unknown as StatusBody;
      if (body.status === 'scraping') throw new Error(`still scraping: ${body.completed}/${body.total}`);
      return body;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
  return { id, status };
}

/** Paths of the pages kept, relative to the site. */
function keptPaths(status: StatusBody): string[] {
  return status.data.map((page) => new URL(page.metadata.sourceURL).pathname + new URL(page.metadata.sourceURL).search).sort();
}

describe('POST /v2/crawl', () => {
  it('crawls the site once per page: sitemaps, links, robots rules, normalised variants', async () => {
    await freshSite();
    const { status } = await crawl({ url: `${site.origin}/` });
    expect(status.status).toBe('completed');
    expect(keptPaths(status)).toEqual(
      [
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
        '/docs?page=2',
        '/missing',
      ].sort(),
    );
    expect(status.completed).toBe(16);
    expect(status.total).toBe(16);
    expect(status.creditsUsed).toBe(16);
    const fetched = site.pathsFetched();
    const pages = fetched.filter((path) => !path.startsWith('/sitemap') && path !== '/robots.txt');
    expect(new Set(pages).size).toBe(pages.length);
    expect(fetched.filter((path) => path === '/robots.txt')).toHaveLength(1);
    expect(fetched.some((path) => path.startsWith('/private'))).toBe(false);
    expect(site.pathsFetched(`blog.${new URL(site.origin).hostname}`)).toEqual([]);
    const broken = status.data.find((page) => page.metadata.sourceURL.endsWith('/broken'));
    expect(broken?.metadata.statusCode).toBe(500);
  }, 90_000);
});
