import { Client } from 'pg';
import { callApi, eventually, type FakeSearch, type FakeSearchHit, pagedResults, startFakeSearch } from '@wh/testing';
import { useOwnStack } from './support/own-stack';
import { sharedStack } from './support/stack-env';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

/**
 * POST /v2/search through the official SDK: the stack's extract-service asks a SearXNG-compatible server scripted by
 * each test (the only stand-in), whose results point at the loopback fixture site, so scraping them runs the real
 * pipeline. Without a search backend (the shared stack), a 400 naming SEARCH_URL.
 */
let searxng: FakeSearch;
beforeAll(async () => {
  searxng = await startFakeSearch();
});
afterAll(async () => {
  await searxng?.close();
});

const own = useOwnStack('search', ['api-gateway', 'scrape-worker', 'extract-service', 'billing-service'], () => ({
  SEARCH_URL: searxng.url,
  SEARCH_TIMEOUT_MS: '1500',
}));
afterEach(() => searxng.reset());

const sdk = () => new Firecrawl({ apiKey: own.stack().apiKey, apiUrl: own.stack().baseUrl });
const search = (body: Record<string, unknown>) => callApi(own.stack(), 'POST', '/v2/search', body);

/** Three pages of the fixture site, as SearXNG would list them. */
function sitePages(): FakeSearchHit[] {
  const site = own.site().url;
  return [
    { url: `${site}/article`, title: 'The Rivers That Made the City', content: 'How two rivers made a market town' },
    { url: `${site}/recipes/soup`, title: 'Leek and Potato Soup', content: 'A winter soup' },
    { url: `${site}/shop/kettle`, title: 'Heron Kettle', content: 'Boils a litre of water' },
  ];
}

interface Charge {
  credits: number;
  kind: string;
  api_key_id: string | null;
}

/** The ledger's charge for a search id, once billing has recorded it. */
async function chargeOf(searchId: string): Promise<Charge> {
  const client = new Client({ connectionString: own.stack().databaseUrl });
  await client.connect();
  try {
    let charge: Charge | undefined;
    await eventually(async () => {
      charge = (
        await client.query<Charge>(
          "select credits, kind, api_key_id from credit_ledger where entry = 'charge' and job_id = $1",
          [searchId],
        )
      ).rows[0];
      expect(charge).toBeDefined();
    });
    return charge as Charge;
  } finally {
    await client.end();
  }
}

describe('search() without scrapeOptions', () => {
  it("answers SearXNG's results in Firecrawl's shape, ranked, at most limit", async () => {
    searxng.otherwise(pagedResults(sitePages()));
    const site = own.site().url;
    const data = await sdk().search('river market', { limit: 2 });
    expect(data.web).toEqual([
      {
        url: `${site}/article`,
        title: 'The Rivers That Made the City',
        description: 'How two rivers made a market town',
        position: 1,
      },
      { url: `${site}/recipes/soup`, title: 'Leek and Potato Soup', description: 'A winter soup', position: 2 },
    ]);
    expect(data.news).toBeUndefined();
    expect(searxng.requests[0].query).toEqual({ q: 'river market', format: 'json', pageno: 1, categories: 'general' });
  });

  it('costs 2 credits per 10 results, charged once to the key as a search', async () => {
    searxng.otherwise(pagedResults(sitePages()));
    const response = await search({ query: 'river market', limit: 3 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, creditsUsed: 2, id: expect.any(String) });
    expect((response.body.data as { web: unknown[] }).web).toHaveLength(3);
    const charge = await chargeOf(response.body.id as string);
    expect(charge).toEqual({ credits: 2, kind: 'search', api_key_id: expect.any(String) });
  });

  it('answers news and images from their SearXNG categories, with the time filter and language', async () => {
    const site = own.site().url;
    searxng.otherwise((query) =>
      query.categories === 'news'
        ? { kind: 'results', results: [{ url: `${site}/article`, title: 'Rivers', content: 'Flood news' }] }
        : query.categories === 'images'
          ? {
              kind: 'results',
              results: [{ url: `${site}/article`, img_src: `${site}/image.png`, resolution: '640 x 480' }],
            }
          : { kind: 'empty' },
    );
    // The SDK sends no `lang` (Firecrawl's API takes it): the raw API does, with the `{type}` spelling of a source.
    const response = await search({
      query: 'rivers',
      sources: ['news', { type: 'images' }],
      tbs: 'qdr:w',
      lang: 'de',
      country: 'CH',
    });
    expect(response.status).toBe(200);
    expect(response.body.warning).toBeUndefined();
    const data = response.body.data as Record<string, unknown>;
    expect(data.web).toBeUndefined();
    expect(data.news).toEqual([{ url: `${site}/article`, title: 'Rivers', snippet: 'Flood news', position: 1 }]);
    expect(data.images).toEqual([
      { url: `${site}/article`, imageUrl: `${site}/image.png`, imageWidth: 640, imageHeight: 480, position: 1 },
    ]);
    expect(searxng.requests.map((request) => request.query)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ categories: 'news', time_range: 'week', language: 'de-CH' }),
        expect.objectContaining({ categories: 'images', time_range: 'week', language: 'de-CH' }),
      ]),
    );
  });
});

describe('search() with scrapeOptions', () => {
  it('scrapes each result through the pipeline and merges the document into it', async () => {
    searxng.otherwise(pagedResults(sitePages()));
    const site = own.site().url;
    const data = await sdk().search('river market', {
      limit: 2,
      scrapeOptions: { formats: ['markdown', 'links'], maxAge: 0 },
    });
    const [article, soup] = (data.web ?? []) as Array<Record<string, unknown>>;
    expect(article).toMatchObject({
      url: `${site}/article`,
      title: 'The Rivers That Made the City',
      description: 'How two rivers made a market town',
      position: 1,
      markdown: expect.stringContaining('## A market at the confluence'),
      links: expect.arrayContaining(['https://en.wikipedia.org/wiki/Market_town']),
      metadata: expect.objectContaining({ statusCode: 200, sourceURL: `${site}/article` }),
    });
    expect(soup).toMatchObject({ url: `${site}/recipes/soup`, markdown: expect.stringContaining('Leek') });
  });

  it("adds each scrape's credits to the search's", async () => {
    searxng.otherwise(pagedResults(sitePages()));
    const response = await search({ query: 'kettle', limit: 3, scrapeOptions: { formats: ['markdown'], maxAge: 0 } });
    expect(response.status).toBe(200);
    expect(response.body.creditsUsed).toBe(2 + 3);
    expect(await chargeOf(response.body.id as string)).toMatchObject({ credits: 2, kind: 'search' });
  });

  it('keeps a result whose page cannot be scraped, with the reason in its metadata', async () => {
    const site = own.site().url;
    searxng.otherwise(
      pagedResults([
        { url: `${site}/shop/kettle`, title: 'Heron Kettle' },
        { url: 'http://127.0.0.1:9/nothing-listens-here', title: 'Gone' },
      ]),
    );
    const response = await search({ query: 'kettle', scrapeOptions: { formats: ['markdown'], maxAge: 0 } });
    expect(response.status).toBe(200);
    const [kettle, gone] = (response.body.data as { web: Array<Record<string, unknown>> }).web;
    expect(kettle).toMatchObject({ markdown: expect.stringContaining('Heron Kettle') });
    expect(gone).toMatchObject({
      url: 'http://127.0.0.1:9/nothing-listens-here',
      title: 'Gone',
      metadata: expect.objectContaining({ error: expect.any(String), statusCode: expect.any(Number) }),
    });
    expect(gone.markdown).toBeUndefined();
  });
});

describe('domain filters', () => {
  const hits: FakeSearchHit[] = [
    { url: 'https://docs.crawl.test/guide', title: 'Guide' },
    { url: 'https://blog.crawl.test/post', title: 'Post' },
    { url: 'https://api.docs.crawl.test/reference', title: 'Reference' },
  ];

  it('includeDomains: sent as site: and enforced on what comes back', async () => {
    searxng.otherwise(pagedResults(hits));
    const data = await sdk().search('nats', { includeDomains: ['docs.crawl.test'] });
    expect(data.web?.map((result) => (result as { url: string }).url)).toEqual([
      'https://docs.crawl.test/guide',
      'https://api.docs.crawl.test/reference',
    ]);
    expect(searxng.requests[0].query.q).toBe('nats site:docs.crawl.test');
  });

  it('excludeDomains: sent as -site: and enforced on what comes back', async () => {
    searxng.otherwise(pagedResults(hits));
    const data = await sdk().search('nats', { excludeDomains: ['docs.crawl.test'] });
    expect(data.web?.map((result) => (result as { url: string }).url)).toEqual(['https://blog.crawl.test/post']);
    expect(searxng.requests[0].query.q).toBe('nats -site:docs.crawl.test');
  });
});

describe("the backend's failures", () => {
  it('a backend that keeps answering 500 is a 502 SEARCH_UNAVAILABLE', async () => {
    searxng.otherwise(() => ({ kind: 'status', status: 500 }));
    await expect(sdk().search('rivers')).rejects.toMatchObject({
      status: 502,
      code: 'SEARCH_UNAVAILABLE',
      message: expect.stringMatching(/HTTP 500/),
    });
  });

  it("a 429 whose Retry-After outlasts the request is a 502 at once, passing the backend's Retry-After on", async () => {
    searxng.otherwise(() => ({ kind: 'status', status: 429, headers: { 'retry-after': '120' } }));
    const response = await search({ query: 'rivers', timeout: 10_000 });
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({
      success: false,
      code: 'SEARCH_UNAVAILABLE',
      details: { status: 429, attempts: 1, retryAfterSeconds: 120 },
    });
    expect(response.headers.get('retry-after')).toBe('120');
    expect(searxng.requests).toHaveLength(1);
  });

  it('a backend that hangs is a 504 SEARCH_TIMEOUT within the timeout, never a hang', async () => {
    searxng.otherwise(() => ({ kind: 'hang' }));
    const started = Date.now();
    await expect(sdk().search('rivers', { timeout: 4_000 })).rejects.toMatchObject({
      status: 504,
      code: 'SEARCH_TIMEOUT',
    });
    expect(Date.now() - started).toBeLessThan(4_000 + 2_000);
  });

  it('a backend that answers an empty page is an empty, free answer', async () => {
    const response = await search({ query: 'nothing at all' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, data: { web: [] }, creditsUsed: 0 });
  });
});

describe('bad input', () => {
  it.each([
    [{ query: 'rivers', limit: 101 }, /limit must not be greater than 100/],
    [{ query: '  ' }, /query must not be empty/],
    [{ query: 'rivers', includeDomains: ['a.example'], excludeDomains: ['b.example'] }, /cannot both be given/],
    [{ query: 'rivers', includeDomains: ['https://a.example/'] }, /domain name/],
    [{ query: 'rivers', tbs: 'cdr:1,cd_min:1/1/2020' }, /tbs must be one of/],
    [{ query: 'rivers', sources: ['video'] }, /sources must be one of/],
    [{ query: 'rivers', sources: [] }, /sources must contain at least 1/],
    [{ query: 'rivers', scrapeOptions: { formats: ['markdown'], waitFor: 20_000 } }, /waitFor/],
    [{ query: 'rivers', highlights: true }, /highlights should not exist/],
  ])('%j is a 400 naming the field', async (body, message) => {
    const response = await search(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: expect.stringMatching(message) });
    expect(searxng.requests).toHaveLength(0);
  });

  it("Firecrawl's developer index is refused as unsupported", async () => {
    const response = await search({ query: 'rivers', categories: [{ type: 'developer' }] });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('UNSUPPORTED_OPTION');
  });
});

describe('without a search backend', () => {
  it('is a 400 SEARCH_NOT_CONFIGURED naming SEARCH_URL', async () => {
    const shared = sharedStack();
    const firecrawl = new Firecrawl({ apiKey: shared.apiKey, apiUrl: shared.baseUrl });
    await expect(firecrawl.search('rivers')).rejects.toMatchObject({
      status: 400,
      code: 'SEARCH_NOT_CONFIGURED',
      message: expect.stringContaining('SEARCH_URL'),
    });
  });
});
