import { callApi, type CrawlSite, eventually, type FakeChatBody, type FakeLlm, startFakeLlm } from '@wh/testing';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
import { useOwnStack } from './support/own-stack';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

/**
 * Crawl prompts with a model: extract-service asks a fake OpenAI-compatible server (the only stand-in) for the crawl
 * options a prompt means, and the crawl runs with them on a loopback site.
 */
let llm: FakeLlm;
/** What the fake model answers a crawl prompt with; each test sets its own. */
let optionsAnswers: unknown[] = [];
/**
 * Credits the crawls of this file reported charging: billing commits a crawl's charges after the crawl reports
 * completed, so a test comparing the team's credits first waits for these to be in.
 */
let creditsChargedByCrawls = 0;

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.otherwise((body: FakeChatBody) => {
    const system = body.messages?.[0]?.content ?? '';
    if (!system.startsWith('You configure a web crawler')) return { kind: 'status', status: 500 };
    return { kind: 'json', value: optionsAnswers.shift() ?? {} };
  });
});
afterAll(async () => {
  await llm?.close();
});

const own = useOwnStack(
  'crawl-prompt',
  ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'extract-service', 'billing-service'],
  () => ({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', LLM_CACHE_TTL_MS: '0' }),
);

/** LLM tokens of the team in the current period, as GET /v2/team/token-usage/historical reports them. */
async function tokensUsed(): Promise<number> {
  const history = await callApi(own.stack(), 'GET', '/v2/team/token-usage/historical');
  const periods = history.body.periods as { tokensUsed: number }[];
  return periods.reduce((sum, period) => sum + period.tokensUsed, 0);
}

/** Credits the team was charged in the current period, as GET /v2/team/credit-usage/historical reports them. */
async function creditsUsed(): Promise<number> {
  const history = await callApi(own.stack(), 'GET', '/v2/team/credit-usage/historical');
  const periods = history.body.periods as { creditsUsed: number }[];
  return periods.reduce((sum, period) => sum + period.creditsUsed, 0);
}

/** The crawl prompts the fake model received since `from`. */
function promptsSince(from: number): string[] {
  return llm.requests.slice(from).map((_, index) => llm.promptOf(from + index));
}

describe('crawl prompts', () => {
  let site: CrawlSite;
  beforeAll(async () => {
    site = await startOwnCrawlSite();
  });
  afterAll(async () => {
    await site.close();
  });

  it("crawls with the options the model made of the prompt, through the SDK's crawl()", async () => {
    optionsAnswers = [{ excludePaths: ['^/docs/intro'], sitemap: null, limit: null }];
    const from = llm.requests.length;
    const firecrawl = new Firecrawl({ apiKey: own.stack().apiKey, apiUrl: own.stack().baseUrl });
    const job = await firecrawl.crawl(`${site.origin}/docs`, {
      prompt: 'Everything in the documentation except the intro chapter and its subpages',
      scrapeOptions: { formats: ['markdown'], maxAge: 0 },
      pollInterval: 1,
    });
    expect(job.status).toBe('completed');
    creditsChargedByCrawls += job.creditsUsed ?? 0;
    expect(job.data.map((document) => new URL(document.metadata?.url ?? '').pathname).sort()).toEqual([
      '/docs',
      '/docs/advanced',
      '/docs/archive',
      '/docs/guide',
    ]);
    const prompts = promptsSince(from);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('Everything in the documentation except the intro chapter and its subpages');
    expect(prompts[0]).toContain(`Start URL: ${site.origin}/docs`);
    expect(JSON.stringify(llm.requests[from]?.body.response_format)).toContain('includePaths');
  }, 90_000);

  it('replies promptGeneratedOptions and finalCrawlerOptions, the fields the caller sent winning', async () => {
    optionsAnswers = [{ includePaths: ['^/docs'], maxDiscoveryDepth: 1, sitemap: 'skip', limit: 40 }];
    const started = await callApi(own.stack(), 'POST', '/v2/crawl', {
      url: `${site.origin}/docs`,
      prompt: 'the docs, one click deep, about forty pages, no sitemap',
      limit: 2,
      sitemap: 'include',
      scrapeOptions: { maxAge: 0 },
    });
    expect(started.status).toBe(200);
    expect(started.body.promptGeneratedOptions).toEqual({
      includePaths: ['^/docs'],
      maxDiscoveryDepth: 1,
      sitemap: 'skip',
      limit: 40,
    });
    expect(started.body.finalCrawlerOptions).toMatchObject({
      includePaths: ['^/docs'],
      maxDiscoveryDepth: 1,
      sitemap: 'include',
      limit: 2,
    });
    const status = await waitForJob(own.stack(), `/v2/crawl/${started.body.id as string}`);
    expect(status.status).toBe('completed');
    creditsChargedByCrawls += status.creditsUsed;
    expect(status.data).toHaveLength(2);
  }, 90_000);

  it("previews the options through the SDK's crawlParamsPreview, without crawling", async () => {
    optionsAnswers = [
      { includePaths: ['^/blog/(post'], excludePaths: null },
      { includePaths: ['^/blog/post-\\d+$', '^/news/(old'], ignoreQueryParameters: true },
    ];
    const from = llm.requests.length;
    const hitsBefore = site.hits.length;
    const firecrawl = new Firecrawl({ apiKey: own.stack().apiKey, apiUrl: own.stack().baseUrl });
    const preview = await firecrawl.crawlParamsPreview(`${site.origin}/`, 'only the numbered blog posts');
    expect(preview).toEqual({
      url: `${site.origin}/`,
      includePaths: ['^/blog/post-\\d+$'],
      ignoreQueryParameters: true,
      warning: expect.stringMatching(/^includePaths: dropped "\^\/news\/\(old", not a valid regular expression/),
    });
    const prompts = promptsSince(from);
    expect(prompts[0]).toContain('only the numbered blog posts');
    // The first answer's broken pattern went back to the model with the compiler's message.
    expect(prompts[1]).toMatch(/includePaths\/0: "\^\/blog\/\(post" is not a valid regular expression/);
    expect(site.hits.length).toBe(hitsBefore);
  }, 60_000);

  it("records the model's tokens in the team's token usage, without charging credits", async () => {
    optionsAnswers = [{ includePaths: ['^/docs'] }];
    const before = await tokensUsed();
    await eventually(async () => expect(await creditsUsed()).toBe(creditsChargedByCrawls));
    const creditsBefore = await creditsUsed();
    const preview = await callApi(own.stack(), 'POST', '/v2/crawl/params-preview', {
      url: `${site.origin}/`,
      prompt: 'the documentation only',
    });
    expect(preview.status).toBe(200);
    // The fake server counts about four characters a token; a crawl prompt's instructions alone are far over 50.
    await eventually(async () => expect(await tokensUsed()).toBeGreaterThan(before + 50));
    expect(await creditsUsed()).toBe(creditsBefore);
  }, 60_000);

  it('refuses a prompt whose answer never fits the options with LLM_OUTPUT_INVALID, and starts nothing', async () => {
    optionsAnswers = [{ depth: 'very deep' }, { limit: 'many' }];
    const response = await callApi(own.stack(), 'POST', '/v2/crawl', {
      url: `${site.origin}/docs`,
      prompt: 'crawl it all, very deep',
    });
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ success: false, code: 'LLM_OUTPUT_INVALID' });
    const active = await callApi(own.stack(), 'GET', '/v2/crawl/active');
    expect((active.body.crawls as unknown[]).length).toBe(0);
  }, 60_000);
});
