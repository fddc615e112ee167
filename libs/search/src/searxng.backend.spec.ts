import { createServer } from 'node:net';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { type FakeSearch, type FakeSearchHit, pagedResults, startFakeSearch } from '@wh/testing';
import type { SearchQuery } from './search-backend';
import { SearxngBackend, type SearxngOptions } from './searxng.backend';

const hits = (count: number, host = 'site.example', from = 1): FakeSearchHit[] =>
  Array.from({ length: count }, (_, index) => ({
    url: `https://${host}/page-${from + index}`,
    title: `Page ${from + index}`,
    content: `About page ${from + index}`,
  }));

describe('SearxngBackend', () => {
  let fake: FakeSearch;
  beforeAll(async () => {
    fake = await startFakeSearch();
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await fake.close();
  });

  const backend = (options: Partial<SearxngOptions> = {}) =>
    new SearxngBackend({
      baseUrl: fake.url,
      timeoutMs: 2_000,
      maxConcurrency: 4,
      backoff: { baseDelayMs: 10, maxDelayMs: 20 },
      ...options,
    });
  const query = (overrides: Partial<SearchQuery> = {}): SearchQuery => ({
    query: 'river towns',
    limit: 5,
    sources: ['web'],
    deadlineAt: Date.now() + 10_000,
    ...overrides,
  });
  const failureOf = async (promise: Promise<unknown>): Promise<DomainError> => {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  };

  it("asks SearXNG's JSON API and answers Firecrawl's web results, ranked from 1", async () => {
    fake.otherwise(pagedResults(hits(8)));
    const reply = await backend().search(query({ limit: 3 }));
    expect(reply).toEqual({
      web: [
        { url: 'https://site.example/page-1', title: 'Page 1', description: 'About page 1', position: 1 },
        { url: 'https://site.example/page-2', title: 'Page 2', description: 'About page 2', position: 2 },
        { url: 'https://site.example/page-3', title: 'Page 3', description: 'About page 3', position: 3 },
      ],
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].query).toEqual({ q: 'river towns', format: 'json', pageno: 1, categories: 'general' });
    expect(fake.requests[0].headers.accept).toBe('application/json');
  });

  it('pages until the limit, and stops at an empty page or a page of URLs already seen', async () => {
    fake.otherwise(pagedResults(hits(25), 10));
    expect((await backend().search(query({ limit: 22 }))).web).toHaveLength(22);
    expect(fake.requests.map((request) => request.query.pageno)).toEqual([1, 2, 3]);

    fake.reset();
    fake.otherwise(pagedResults(hits(12), 10));
    expect((await backend().search(query({ limit: 30 }))).web).toHaveLength(12);
    expect(fake.requests.map((request) => request.query.pageno)).toEqual([1, 2, 3]);

    fake.reset();
    fake.otherwise(() => ({ kind: 'results', results: hits(4) }));
    expect((await backend().search(query({ limit: 30 }))).web).toHaveLength(4);
    expect(fake.requests).toHaveLength(2);
  });

  it('answers news and images from their own SearXNG categories', async () => {
    fake.otherwise((asked) =>
      asked.categories === 'news'
        ? {
            kind: 'results',
            results: [
              {
                url: 'https://news.example/flood',
                title: 'River floods',
                content: 'The river rose',
                publishedDate: '2026-11-20T08:00:00',
                thumbnail: 'https://news.example/flood.jpg',
              } as FakeSearchHit,
            ],
          }
        : asked.categories === 'images'
          ? {
              kind: 'results',
              results: [
                {
                  url: 'https://photos.example/bridge',
                  title: 'Bridge',
                  img_src: 'https://photos.example/bridge.jpg',
                  resolution: '1920 x 1080',
                },
                { url: 'https://photos.example/no-image', title: 'No image address' },
              ],
            }
          : { kind: 'empty' },
    );
    const reply = await backend().search(query({ sources: ['news', 'images'] }));
    expect(reply.news).toEqual([
      {
        url: 'https://news.example/flood',
        title: 'River floods',
        snippet: 'The river rose',
        date: new Date('2026-11-20T08:00:00').toISOString(),
        imageUrl: 'https://news.example/flood.jpg',
        position: 1,
      },
    ]);
    expect(reply.images).toEqual([
      {
        url: 'https://photos.example/bridge',
        imageUrl: 'https://photos.example/bridge.jpg',
        title: 'Bridge',
        imageWidth: 1920,
        imageHeight: 1080,
        position: 1,
      },
    ]);
    expect(reply.web).toBeUndefined();
  });

  it('counts toward the limit only image results that name their image', async () => {
    fake.otherwise(
      pagedResults([
        { url: 'https://photos.example/a', title: 'No image address' },
        { url: 'https://photos.example/b', thumbnail_src: 'https://photos.example/b-small.jpg' },
      ]),
    );
    const reply = await backend().search(query({ sources: ['images'], limit: 1 }));
    expect(reply.images).toEqual([
      { url: 'https://photos.example/b', imageUrl: 'https://photos.example/b-small.jpg', position: 1 },
    ]);
  });

  it('sends domain filters as site: terms and drops what the engines let through anyway', async () => {
    fake.otherwise(
      pagedResults([...hits(3, 'docs.example'), ...hits(3, 'blog.example'), ...hits(3, 'api.docs.example', 10)], 4),
    );
    const reply = await backend().search(query({ limit: 10, includeDomains: ['docs.example'] }));
    expect(reply.web?.map((result) => new URL(result.url).host)).toEqual([
      'docs.example',
      'docs.example',
      'docs.example',
      'api.docs.example',
      'api.docs.example',
      'api.docs.example',
    ]);
    expect(reply.web?.map((result) => result.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(fake.requests[0].query.q).toBe('river towns site:docs.example');

    fake.reset();
    fake.otherwise(pagedResults([...hits(3, 'docs.example'), ...hits(3, 'blog.example')]));
    const excluded = await backend().search(query({ limit: 10, excludeDomains: ['docs.example'] }));
    expect(excluded.web?.every((result) => result.url.startsWith('https://blog.example/'))).toBe(true);
    expect(fake.requests[0].query.q).toBe('river towns -site:docs.example');
  });

  it('labels results with the asked categories and maps tbs and lang/country', async () => {
    fake.otherwise(
      pagedResults([{ url: 'https://github.com/nats-io/nats.js' }, { url: 'https://example.com/guide.pdf' }]),
    );
    const reply = await backend().search(
      query({ categories: ['github', 'pdf'], tbs: 'qdr:w', lang: 'DE', country: 'ch' }),
    );
    expect(reply.web?.map((result) => result.category)).toEqual(['github', 'pdf']);
    expect(fake.requests[0].query).toMatchObject({
      q: 'river towns site:github.com filetype:pdf',
      time_range: 'week',
      language: 'de-CH',
    });
    expect(reply.warning).toBeUndefined();
  });

  it('says what SearXNG cannot honour: the past hour, a location, a country without a language', async () => {
    fake.otherwise(pagedResults(hits(1)));
    const reply = await backend().search(query({ tbs: 'qdr:h', location: 'Basel', country: 'CH' }));
    expect(fake.requests[0].query.time_range).toBe('day');
    expect(fake.requests[0].query.language).toBeUndefined();
    expect(reply.warning).toMatch(/one-hour time range.*location was not applied.*country was not applied/);
  });

  it('retries a 429 after the Retry-After the server gave, and a 500', async () => {
    fake.script(
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
      { kind: 'status', status: 500 },
      { kind: 'results', results: hits(2) },
    );
    const started = Date.now();
    const reply = await backend().search(query());
    expect(reply.web).toHaveLength(2);
    expect(fake.requests).toHaveLength(4); // 429, 500, the page, and the empty page after it
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('fails at once when the Retry-After is past the deadline, and says when to come back', async () => {
    fake.script({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const error = await failureOf(backend().search(query({ deadlineAt: Date.now() + 2_000 })));
    expect(error.code).toBe(ErrorCode.SearchUnavailable);
    expect(error.message).toMatch(/rate limiting .*HTTP 429.*30000 ms/);
    expect(error.details).toMatchObject({ status: 429, attempts: 1, retryAfterSeconds: 30 });
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up after two retries of a 500 with SEARCH_UNAVAILABLE', async () => {
    fake.otherwise(() => ({ kind: 'status', status: 500, body: 'engine exploded' }));
    const error = await failureOf(backend().search(query()));
    expect(error.code).toBe(ErrorCode.SearchUnavailable);
    expect(error.message).toMatch(/HTTP 500: .*engine exploded/);
    expect(error.details).toMatchObject({ status: 500, attempts: 3 });
    expect(error.retryable).toBe(true);
    expect(fake.requests).toHaveLength(3);
  });

  it('ends a hanging backend with SEARCH_TIMEOUT within the deadline', async () => {
    fake.otherwise(() => ({ kind: 'hang' }));
    const error = await failureOf(backend({ timeoutMs: 200 }).search(query({ deadlineAt: Date.now() + 700 })));
    expect(error.code).toBe(ErrorCode.SearchTimeout);
    expect(error.message).toMatch(/did not answer within \d+ ms/);
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
  });

  it('does not retry a refused JSON format or an answer that is not SearXNG JSON', async () => {
    fake.script({ kind: 'status', status: 403 });
    const refused = await failureOf(backend().search(query()));
    expect(refused.message).toMatch(/search\.formats in its settings\.yml/);
    expect(refused.retryable).toBe(false);
    expect(fake.requests).toHaveLength(1);

    const html = new SearxngBackend({ baseUrl: `${fake.url}/nowhere`, timeoutMs: 1_000, maxConcurrency: 1 });
    const notSearxng = await failureOf(html.search(query()));
    expect(notSearxng.code).toBe(ErrorCode.SearchUnavailable);
    expect(notSearxng.message).toMatch(/HTTP 404/);
  });

  it('reports a backend nobody listens on as unreachable, after the retries', async () => {
    const port = await closedPort();
    const error = await failureOf(
      backend({ baseUrl: `http://127.0.0.1:${port}` }).search(query({ deadlineAt: Date.now() + 5_000 })),
    );
    expect(error.code).toBe(ErrorCode.SearchUnavailable);
    expect(error.details).toMatchObject({ attempts: 3, cause: 'ECONNREFUSED' });
  });

  it('keeps the first pages when a later one fails, and the sources that answered', async () => {
    fake.script({ kind: 'results', results: hits(10) }, { kind: 'status', status: 400, body: 'bad page' });
    const partial = await backend().search(query({ limit: 20 }));
    expect(partial.web).toHaveLength(10);
    expect(partial.warning).toMatch(/web page 2 failed, so fewer results than asked: .*HTTP 400/);

    fake.reset();
    fake.otherwise((asked) =>
      asked.categories === 'news' ? { kind: 'status', status: 403 } : pagedResults(hits(2))(asked),
    );
    const oneSource = await backend().search(query({ sources: ['web', 'news'] }));
    expect(oneSource.web).toHaveLength(2);
    expect(oneSource.news).toBeUndefined();
    expect(oneSource.warning).toMatch(/news results are missing: .*HTTP 403/);
  });

  it('explains an empty answer whose engines failed', async () => {
    fake.script({ kind: 'results', results: [], unresponsiveEngines: [['google', 'timeout']] });
    const reply = await backend().search(query());
    expect(reply).toEqual({ web: [], warning: "no web results: SearXNG's engines failed (google (timeout))" });
  });

  it('holds at most maxConcurrency calls in flight in the process', async () => {
    fake.otherwise((asked) =>
      asked.pageno === 1 ? { kind: 'results', results: hits(1), delayMs: 100 } : { kind: 'empty' },
    );
    const one = backend({ maxConcurrency: 1 });
    await Promise.all([one.search(query()), one.search(query({ sources: ['news', 'images'] }))]);
    expect(fake.maxInFlight).toBe(1);
  });

  it('sends credentials in the URL as basic auth, never in the address', async () => {
    fake.otherwise(pagedResults(hits(1)));
    const withUser = new SearxngBackend({
      baseUrl: fake.url.replace('http://', 'http://searcher:s%40cret@'),
      timeoutMs: 1_000,
      maxConcurrency: 1,
    });
    await withUser.search(query());
    expect(fake.requests[0].headers.authorization).toBe(`Basic ${Buffer.from('searcher:s@cret').toString('base64')}`);
    expect(withUser.host).toBe(new URL(fake.url).host);
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
