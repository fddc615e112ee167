import type { CrawlSite, FakeLlm } from '@wh/testing';
import { startFakeLlm } from '@wh/testing';
import { startOwnCrawlSite } from './support/crawl-helpers';
import { useOwnStack } from './support/own-stack';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

/**
 * `https://site/path/*` in an extract: the pages come from the site's map (crawl-scheduler's `crawl.site.map`: its
 * sitemaps and links), only those under the path, at most 20, each read and asked about on its own for a "list every
 * X" schema. Needs crawl-scheduler's `crawl.site.map` handler.
 */
let llm: FakeLlm;
let site: CrawlSite;

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.otherwise((body) => {
    const url = /^Page URL: (\S+)/m.exec(body.messages?.[1]?.content ?? '')?.[1] ?? '';
    return { kind: 'json', value: { pages: [{ path: new URL(url).pathname }] } };
  });
  site = await startOwnCrawlSite();
});
afterAll(async () => {
  await llm?.close();
  await site?.close();
});

const own = useOwnStack(
  'extract-wildcards',
  ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'extract-service', 'billing-service'],
  () => ({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', LLM_CACHE_TTL_MS: '0' }),
);

const PAGES_SCHEMA = {
  type: 'object',
  properties: { pages: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' } } } } },
};

describe('extract with a wildcard URL', () => {
  it('reads the pages of the site under the path that its map finds, and only those', async () => {
    const firecrawl = new Firecrawl({ apiKey: own.stack().apiKey, apiUrl: own.stack().baseUrl });
    const from = llm.requests.length;
    const result = await firecrawl.extract({
      urls: [`${site.origin}/docs/*`],
      prompt: 'list every documentation page',
      schema: PAGES_SCHEMA,
      showSources: true,
      pollInterval: 1,
    });
    expect(result.status).toBe('completed');
    const read = llm.requests
      .slice(from)
      .map((request) => /^Page URL: (\S+)/m.exec(request.body.messages?.[1]?.content ?? '')?.[1] ?? '');
    const paths = read.map((url) => new URL(url).pathname);
    expect(paths.length).toBeGreaterThanOrEqual(3);
    expect(paths.length).toBeLessThanOrEqual(20);
    expect(paths).toEqual(expect.arrayContaining(['/docs/intro', '/docs/guide']));
    expect(paths.every((path) => path === '/docs' || path.startsWith('/docs/'))).toBe(true);
    const listed = (result.data as { pages: { path: string }[] }).pages.map((page) => page.path);
    expect(listed.sort()).toEqual([...new Set(paths)].sort());
    expect(result.sources?.pages).toHaveLength(new Set(read).size);
  }, 120_000);
});
