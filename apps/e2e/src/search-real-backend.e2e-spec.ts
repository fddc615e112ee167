import { useOwnStack } from './support/own-stack';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

/**
 * POST /v2/search against a real SearXNG instance, only when one is named: `SEARCH_E2E_URL` (e.g.
 * `http://localhost:8080`, with `json` in its `search.formats`). Skipped otherwise: the other suite uses the fake one.
 */
const searchUrl = process.env.SEARCH_E2E_URL;
const realBackend = searchUrl ? describe : describe.skip;

realBackend('search() against a real SearXNG', () => {
  const own = useOwnStack('real-search', ['api-gateway', 'extract-service', 'billing-service'], {
    SEARCH_URL: searchUrl,
  });

  it('finds ranked web results for a common query', async () => {
    const firecrawl = new Firecrawl({ apiKey: own.stack().apiKey, apiUrl: own.stack().baseUrl });
    const data = await firecrawl.search('wikipedia free encyclopedia', { limit: 5, timeout: 30_000 });
    const web = (data.web ?? []) as Array<{ url: string; position: number }>;
    expect(web.length).toBeGreaterThan(0);
    expect(web.length).toBeLessThanOrEqual(5);
    expect(web.map((result) => result.position)).toEqual(web.map((_, index) => index + 1));
    expect(web.every((result) => /^https?:\/\//.test(result.url))).toBe(true);
  }, 60_000);

  it('keeps only the included domain', async () => {
    const firecrawl = new Firecrawl({ apiKey: own.stack().apiKey, apiUrl: own.stack().baseUrl });
    const data = await firecrawl.search('encyclopedia', {
      limit: 5,
      includeDomains: ['wikipedia.org'],
      timeout: 30_000,
    });
    const web = (data.web ?? []) as Array<{ url: string }>;
    expect(web.length).toBeGreaterThan(0);
    expect(web.every((result) => /(^|\.)wikipedia\.org$/.test(new URL(result.url).hostname))).toBe(true);
  }, 60_000);
});
