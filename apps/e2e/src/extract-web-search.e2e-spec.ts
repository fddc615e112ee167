import { type FakeLlm, type FakeSearch, pagedResults, startFakeLlm, startFakeSearch } from '@wh/testing';
import { useOwnStack } from './support/own-stack';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

/**
 * `enableWebSearch` in an extract: extract-service asks the configured search backend (the SearXNG-compatible server
 * of the test) with the prompt's and schema's words, reads the results' pages through the normal scrape pipeline
 * and answers from them. The only stand-ins are the fake model and the fake search engine.
 */
let llm: FakeLlm;
let searxng: FakeSearch;

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.otherwise((body) => {
    const url = /^Page URL: (\S+)/m.exec(body.messages?.[1]?.content ?? '')?.[1] ?? '';
    return { kind: 'json', value: { pages: [{ path: url ? new URL(url).pathname : '' }] } };
  });
  searxng = await startFakeSearch();
});
afterAll(async () => {
  await llm?.close();
  await searxng?.close();
});

const own = useOwnStack(
  'extract-web-search',
  ['api-gateway', 'scrape-worker', 'extract-service', 'billing-service'],
  () => ({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', LLM_CACHE_TTL_MS: '0', SEARCH_URL: searxng.url }),
);

const PAGES_SCHEMA = {
  type: 'object',
  properties: { pages: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' } } } } },
};

describe('extract with enableWebSearch', () => {
  it('reads the pages the search backend finds for the prompt, and says where each value came from', async () => {
    const site = own.site().url;
    searxng.otherwise(
      pagedResults([
        { url: `${site}/article`, title: 'The Rivers That Made the City', content: 'How two rivers made a town' },
        { url: `${site}/recipes/soup`, title: 'Leek and Potato Soup', content: 'A winter soup' },
      ]),
    );
    const firecrawl = new Firecrawl({ apiKey: own.stack().apiKey, apiUrl: own.stack().baseUrl });
    const fromLlm = llm.requests.length;
    const fromSearch = searxng.requests.length;

    const result = await firecrawl.extract({
      prompt: 'list every page about rivers or soup',
      schema: PAGES_SCHEMA,
      enableWebSearch: true,
      showSources: true,
      pollInterval: 1,
    });

    expect(result.status).toBe('completed');
    const queries = searxng.requests.slice(fromSearch).map((request) => request.query.q);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((q) => /rivers/.test(q) && /soup/.test(q))).toBe(true);
    const read = llm.requests
      .slice(fromLlm)
      .map((request) => /^Page URL: (\S+)/m.exec(request.body.messages?.[1]?.content ?? '')?.[1])
      .filter((url): url is string => Boolean(url));
    expect(read.map((url) => new URL(url).pathname).sort()).toEqual(['/article', '/recipes/soup']);
    const listed = (result.data as { pages: { path: string }[] }).pages.map((page) => page.path).sort();
    expect(listed).toEqual(['/article', '/recipes/soup']);
    expect(result.sources?.pages).toHaveLength(2);
  }, 120_000);
});
