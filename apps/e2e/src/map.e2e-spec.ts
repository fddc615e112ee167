import { Client } from 'pg';
import { callApi, CRAWL_TEST_DOMAIN, eventually, type MapSite, type MapSiteOptions, startMapSite } from '@wh/testing';
import { sharedStack } from './support/stack-env';

// Jest runs the SDK's CommonJS build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

const stack = sharedStack();
const firecrawl = new Firecrawl({ apiKey: stack.apiKey, apiUrl: stack.baseUrl });

let site: MapSite | undefined;
let siteNumber = 0;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

async function ownSite(options: Omit<MapSiteOptions, 'host'> = {}): Promise<MapSite> {
  siteNumber += 1;
  site = await startMapSite({ host: `map${process.pid}x${siteNumber}.${CRAWL_TEST_DOMAIN}`, ...options });
  return site;
}

/** The links as paths on the site's own host, whole URLs elsewhere. */
function paths(mapped: MapSite, links: readonly { url: string }[]): string[] {
  const own = new URL(mapped.origin).host;
  return links.map(({ url }) => {
    const parsed = new URL(url);
    return parsed.host === own ? `${parsed.pathname}${parsed.search}` : parsed.href.replace(/:\d+\//, '/');
  });
}

const blog = (mapped: MapSite): string => `http://blog.${new URL(mapped.origin).hostname}/`;

describe('POST /v2/map', () => {
  it('maps a site through the SDK: robots sitemaps, an index, a gzipped sitemap, the start page, subdomains', async () => {
    const mapped = await ownSite();
    const result = await firecrawl.map(`${mapped.origin}/`);
    expect(paths(mapped, result.links)).toEqual([
      '/',
      '/docs/guide',
      '/pricing',
      `${blog(mapped)}launch`,
      '/search',
      '/archive/2024',
      '/archive/2025',
      '/careers',
      '/about',
      '/contact',
      blog(mapped),
    ]);
    expect(result.links[0]).toEqual({
      url: `${mapped.origin}/`,
      title: 'Map test home',
      description: 'The home page of the map test site',
    });
    // Each sitemap is read once, though the index lists itself.
    const fetched = mapped.pathsFetched();
    expect(fetched.filter((path) => path === '/sitemap-index.xml')).toHaveLength(1);
    expect(fetched.some((path) => path.startsWith('/private'))).toBe(false);
  });

  it('keeps query strings and leaves subdomains out when asked', async () => {
    const mapped = await ownSite();
    const result = await firecrawl.map(`${mapped.origin}/`, { ignoreQueryParameters: false, includeSubdomains: false });
    expect(paths(mapped, result.links)).toEqual([
      '/',
      '/docs/guide',
      '/pricing',
      '/search?q=maps&page=2',
      '/archive/2024',
      '/archive/2025',
      '/careers',
      '/about',
      '/docs/guide?ref=home',
      '/contact',
      '/pricing?plan=pro',
    ]);
  });

  it('reads sitemaps alone with sitemap "only", and none with "skip"', async () => {
    const mapped = await ownSite();
    const only = await firecrawl.map(`${mapped.origin}/`, { sitemap: 'only' });
    expect(paths(mapped, only.links)).toEqual([
      '/docs/guide',
      '/pricing',
      `${blog(mapped)}launch`,
      '/search',
      '/archive/2024',
      '/archive/2025',
      '/careers',
    ]);
    expect(mapped.pathsFetched()).not.toContain('/');

    const skip = await firecrawl.map(`${mapped.origin}/`, { sitemap: 'skip' });
    expect(paths(mapped, skip.links)).toEqual(['/', '/about', '/docs/guide', '/contact', blog(mapped), '/pricing']);
  });

  it('ranks by the search words and cuts at the limit', async () => {
    const mapped = await ownSite();
    const result = await firecrawl.map(`${mapped.origin}/`, { search: 'archive 2025', limit: 3 });
    expect(paths(mapped, result.links)).toEqual(['/archive/2025', '/archive/2024', '/']);
  });

  it('survives hostile sitemaps with a warning: billion laughs refused, a 1 GB gzip bomb cut off, a self-listing index read once', async () => {
    const mapped = await ownSite({ hostile: ['billion-laughs', 'gzip-bomb', 'self-listing'] });
    const response = await callApi(stack, 'POST', '/v2/map', { url: `${mapped.origin}/`, sitemap: 'only' });
    expect(response.status).toBe(200);
    const links = response.body.links as { url: string }[];
    expect(paths(mapped, links)).toContain('/before-bomb');
    expect(paths(mapped, links).some((path) => path.includes('laughs'))).toBe(false);
    const warning = String(response.body.warning);
    expect(warning).toMatch(/billion-laughs\.xml declares XML entities/);
    expect(warning).toMatch(/gzip-bomb\.xml is larger than 50 MB uncompressed \(cut off\)/);
    expect(warning).toMatch(/self-listing\.xml is listed more than once/);
    expect(mapped.pathsFetched().filter((path) => path === '/hostile/self-listing.xml')).toHaveLength(1);
    // The scheduler is still there for the next map.
    expect((await firecrawl.map(`${mapped.origin}/`, { sitemap: 'skip' })).links.length).toBeGreaterThan(0);
  });

  it('answers 408 MAP_TIMEOUT when the timeout passes, through the API and the SDK', async () => {
    const mapped = await ownSite({ slowSitemapMs: 4_000 });
    const started = Date.now();
    const response = await callApi(stack, 'POST', '/v2/map', { url: `${mapped.origin}/`, timeout: 1_000 });
    expect(response.status).toBe(408);
    expect(response.body).toMatchObject({ success: false, code: 'MAP_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(3_500);
    await expect(firecrawl.map(`${mapped.origin}/`, { timeout: 1_000 })).rejects.toMatchObject({ status: 408 });
  });

  it('charges one credit per map to the key that asked', async () => {
    const mapped = await ownSite();
    const client = new Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      const maps = async () =>
        (
          await client.query<{ credits: number; api_key_id: string | null }>(
            "select credits, api_key_id from credit_ledger where kind = 'map' order by id",
          )
        ).rows;
      const before = (await maps()).length;
      await firecrawl.map(`${mapped.origin}/`, { sitemap: 'skip' });
      await eventually(async () => expect(await maps()).toHaveLength(before + 1));
      const charge = (await maps())[before];
      expect(charge?.credits).toBe(1);
      expect(charge?.api_key_id).toEqual(expect.any(String));
    } finally {
      await client.end();
    }
  });

  it.each([
    ['a limit above 100,000', { limit: 100_001 }, 'limit'],
    ['a limit of 0', { limit: 0 }, 'limit'],
    ['an unknown sitemap mode', { sitemap: 'sometimes' }, 'sitemap'],
    ['a string for includeSubdomains', { includeSubdomains: 'yes' }, 'includeSubdomains'],
    ['a timeout of 0', { timeout: 0 }, 'timeout'],
    ['a field Firecrawl does not have', { depth: 2 }, 'depth'],
    ['headers that are not strings', { headers: { a: 1 } }, 'headers'],
    ['a country that is no ISO code', { location: { country: 'Germany' } }, 'location.country'],
  ])('refuses %s with a 400 naming the field', async (_name, fields, field) => {
    const response = await callApi(stack, 'POST', '/v2/map', { url: 'http://site.test/', ...fields });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(JSON.stringify(response.body.details)).toContain(field);
  });

  it('refuses a body without a URL or with one that is not http(s)', async () => {
    expect((await callApi(stack, 'POST', '/v2/map', {})).status).toBe(400);
    expect((await callApi(stack, 'POST', '/v2/map', { url: 'ftp://site.test/' })).status).toBe(400);
  });
});
