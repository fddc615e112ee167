import { Client } from 'pg';
import { callApi, eventually, type FakeChatBody, type FakeLlm, type FakeLlmReply, startFakeLlm } from '@wh/testing';
import { teamOnPlan } from './support/billing-admin';
import { useOwnStack } from './support/own-stack';
import { sharedStack } from './support/stack-env';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

/**
 * POST /v2/extract through the official SDK's `extract()`: the stack's extract-service talks to a fake
 * OpenAI-compatible server on loopback (the only stand-in), which answers each request by the caller's prompt and the
 * page it was sent, and records every prompt.
 */
let llm: FakeLlm;
/** Answers by the marker word that starts the caller's prompt. */
const answers = new Map<string, (pageUrls: string[]) => FakeLlmReply>();

/** The caller's words and the page URLs of one request to the fake model. */
function readRequest(body: FakeChatBody): { marker: string; pageUrls: string[] } {
  const user = body.messages?.[1]?.content ?? '';
  const marker = /as the person asking put it:\n([A-Z]+):/.exec(user)?.[1] ?? '';
  const pageUrls = (/^Page URL: (.*)$/m.exec(user)?.[1] ?? '').split(' ').filter(Boolean);
  return { marker, pageUrls };
}

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.otherwise((body) => {
    const { marker, pageUrls } = readRequest(body);
    const answer = answers.get(marker);
    return answer ? answer(pageUrls) : { kind: 'status', status: 500, message: `no answer for "${marker}"` };
  });
});
afterAll(async () => {
  await llm?.close();
});

const own = useOwnStack('extract-jobs', ['api-gateway', 'scrape-worker', 'extract-service', 'billing-service'], () => ({
  LLM_BASE_URL: llm.baseUrl,
  LLM_MODEL: 'fake-model',
  LLM_CACHE_TTL_MS: '0',
}));
const firecrawl = () => new Firecrawl({ apiKey: own.stack().apiKey, apiUrl: own.stack().baseUrl });
const page = (path: string) => `${own.site().url}${path}`;

const KETTLE_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' }, warrantyYears: { type: 'integer' } },
  required: ['name', 'price'],
};
const PLACES_SCHEMA = {
  type: 'object',
  properties: {
    places: {
      type: 'array',
      items: {
        type: 'object',
        properties: { title: { type: 'string' }, kind: { type: 'string' } },
        required: ['title'],
      },
    },
  },
  required: ['places'],
};

interface ExtractStatus {
  success?: boolean;
  status?: string;
  data?: unknown;
  error?: string;
  warning?: string;
  sources?: Record<string, string[]>;
  expiresAt?: string;
  creditsUsed?: number;
  tokensUsed?: number;
  invalidURLs?: string[];
}

/** Polls a job through the SDK until it is no longer processing. */
async function finishedJob(id: string, timeoutMs = 60_000): Promise<ExtractStatus> {
  return eventually(
    async () => {
      const status = (await firecrawl().getExtractStatus(id)) as ExtractStatus;
      if (status.status === 'processing') throw new Error('still processing');
      return status;
    },
    { timeoutMs, intervalMs: 250 },
  );
}

/** The prompts (system and user messages) the fake model received since `from`. */
const promptsSince = (from: number): string[] => llm.requests.slice(from).map((_, index) => llm.promptOf(from + index));

async function chargesOf(databaseUrl: string, jobId: string): Promise<{ credits: number; kind: string }[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ credits: number; kind: string }>(
      "select credits, kind from credit_ledger where job_id = $1 and entry = 'charge'",
      [jobId],
    );
    return rows;
  } finally {
    await db.end();
  }
}

describe('POST /v2/extract with an LLM', () => {
  it('answers one schema from two pages read together: the lifecycle through extract(), tokens billed once', async () => {
    answers.set('KETTLE', () => ({ kind: 'json', value: { name: 'Heron Kettle', price: 89.5, warrantyYears: 3 } }));
    const from = llm.requests.length;
    const started = (await firecrawl().startExtract({
      urls: [page('/shop/kettle'), page('/notes/weir')],
      prompt: 'KETTLE: the kettle the shop sells and its price',
      schema: KETTLE_SCHEMA,
      showSources: true,
    })) as ExtractStatus & { id: string };
    expect(started).toMatchObject({ success: true, id: expect.any(String) });
    expect(started.invalidURLs).toBeUndefined();

    const processing = await callApi(own.stack(), 'GET', `/v2/extract/${started.id}`);
    expect(processing.status).toBe(200);
    expect(['processing', 'completed']).toContain(processing.body.status);

    const done = await finishedJob(started.id);
    expect(done).toMatchObject({
      success: true,
      status: 'completed',
      data: { name: 'Heron Kettle', price: 89.5, warrantyYears: 3 },
    });
    expect(Date.parse(done.expiresAt ?? '')).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // Both pages fit one call: one question, both pages fenced in it; each value came from that pair.
    const prompts = promptsSince(from);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatch(
      /<<<PAGE (\w+)>>>[\s\S]*boils a litre of water[\s\S]*old weir on the Wend[\s\S]*<<<END PAGE \1>>>/,
    );
    expect(done.sources).toEqual({
      name: [page('/shop/kettle'), page('/notes/weir')],
      price: [page('/shop/kettle'), page('/notes/weir')],
      warrantyYears: [page('/shop/kettle'), page('/notes/weir')],
    });
    expect(done.tokensUsed).toBeGreaterThan(0);
    expect(done.creditsUsed).toBe(Math.ceil((done.tokensUsed ?? 0) / 15));
    await eventually(async () =>
      expect(await chargesOf(own.stack().databaseUrl, started.id)).toEqual([
        { credits: done.creditsUsed, kind: 'extract' },
      ]),
    );
  }, 90_000);

  it('lists every entity: one call per page, the lists joined without repeats, each item traced to its page', async () => {
    const items: Record<string, { title: string; kind: string }[]> = {
      [page('/shop/kettle')]: [{ title: 'Heron Kettle', kind: 'product' }],
      [page('/notes/weir')]: [
        { title: 'Why the Weir Was Rebuilt', kind: 'article' },
        { title: 'Heron Kettle', kind: 'product' },
      ],
      [page('/recipes/soup')]: [{ title: 'Leek and Potato Soup', kind: 'recipe' }],
    };
    answers.set('PLACES', ([url]) => ({ kind: 'json', value: { places: items[url] ?? [] } }));
    const from = llm.requests.length;
    const result = (await firecrawl().extract({
      urls: [page('/shop/kettle'), page('/notes/weir'), page('/recipes/soup')],
      prompt: 'PLACES: list every thing the pages are about',
      schema: PLACES_SCHEMA,
      showSources: true,
      pollInterval: 1,
    })) as ExtractStatus;
    expect(result.status).toBe('completed');
    expect(result.data).toEqual({
      places: [
        { title: 'Heron Kettle', kind: 'product' },
        { title: 'Why the Weir Was Rebuilt', kind: 'article' },
        { title: 'Leek and Potato Soup', kind: 'recipe' },
      ],
    });
    const prompts = promptsSince(from);
    expect(prompts).toHaveLength(3);
    expect(prompts.map((prompt) => /^Page URL: (.*)$/m.exec(prompt)?.[1]).sort()).toEqual(
      [page('/shop/kettle'), page('/notes/weir'), page('/recipes/soup')].sort(),
    );
    expect(result.sources).toMatchObject({
      'places[0]': [page('/shop/kettle')],
      'places[1]': [page('/notes/weir')],
      'places[2]': [page('/recipes/soup')],
    });
    expect(result.sources?.places?.sort()).toEqual(
      [page('/shop/kettle'), page('/notes/weir'), page('/recipes/soup')].sort(),
    );
  }, 90_000);

  it('leaves out invalid URLs with ignoreInvalidURLs and lists them; without it they are a 400 naming them', async () => {
    answers.set('SOUP', () => ({ kind: 'json', value: { name: 'Leek and Potato Soup' } }));
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    const started = (await firecrawl().startExtract({
      urls: [page('/recipes/soup'), 'not a url', 'ftp://files.example.com/a'],
      prompt: 'SOUP: the recipe name',
      schema,
      ignoreInvalidURLs: true,
    })) as ExtractStatus & { id: string };
    expect(started.invalidURLs).toEqual(['not a url', 'ftp://files.example.com/a']);
    const done = await finishedJob(started.id);
    expect(done).toMatchObject({ status: 'completed', data: { name: 'Leek and Potato Soup' } });
    expect(done.sources).toBeUndefined();

    const refused = await callApi(own.stack(), 'POST', '/v2/extract', {
      urls: [page('/recipes/soup'), 'not a url'],
      prompt: 'SOUP: the recipe name',
      schema,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      details: { invalidURLs: ['not a url'] },
    });
  }, 90_000);

  it.each([
    [
      'more than 10 URLs',
      () => ({ urls: Array.from({ length: 11 }, (_, index) => page(`/p/${index}`)), prompt: 'x' }),
      /at most 10 URLs/,
    ],
    [
      'a schema Ajv refuses',
      () => ({ urls: [page('/shop/kettle')], schema: { type: 'object', properties: { a: { type: 'text' } } } }),
      /schema is not a usable JSON schema: .*must be equal to one of the allowed values/,
    ],
    ['neither prompt nor schema', () => ({ urls: [page('/shop/kettle')] }), /either prompt or schema is required/],
    ['no URL and no web search', () => ({ prompt: 'x' }), /urls is required unless enableWebSearch/],
  ])('refuses %s with a 400 through the SDK', async (_name, body, message) => {
    await expect(firecrawl().startExtract(body())).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(message),
    });
  });

  it.each([
    ['an unknown field', { maxPages: 3 }, 'BAD_REQUEST', /maxPages/],
    ['the agent option', { agent: { model: 'FIRE-1' } }, 'UNSUPPORTED_OPTION', /agent/],
    ['a webhook', { webhook: 'https://hooks.example.com/x' }, 'UNSUPPORTED_OPTION', /webhook/],
  ])('refuses %s with a 400', async (_name, extra, code, message) => {
    const response = await callApi(own.stack(), 'POST', '/v2/extract', {
      urls: [page('/shop/kettle')],
      prompt: 'x',
      ...extra,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code, error: expect.stringMatching(message) });
  });

  it('accepts and ignores the harmless fields the SDK may send', async () => {
    answers.set('HARMLESS', () => ({ kind: 'json', value: { name: 'Heron Kettle' } }));
    const response = await callApi(own.stack(), 'POST', '/v2/extract', {
      urls: [page('/shop/kettle')],
      prompt: 'HARMLESS: the name',
      schema: { type: 'object', properties: { name: { type: 'string' } } },
      allowExternalLinks: false,
      threatProtection: { mode: 'off' },
      origin: 'js-sdk',
      integration: 'tests',
      scrapeOptions: { onlyMainContent: true, maxAge: 0 },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, id: expect.any(String) });
  });

  it("reads another team's job as not found", async () => {
    answers.set('OWN', () => ({ kind: 'json', value: { name: 'Heron Kettle' } }));
    const started = await callApi(own.stack(), 'POST', '/v2/extract', {
      urls: [page('/shop/kettle')],
      prompt: 'OWN: the name',
      schema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    expect(started.status).toBe(200);
    const other = await teamOnPlan(own.stack(), 'extract-other', ['--credits', '1000']);
    const foreign = await callApi(
      { ...own.stack(), apiKey: other.apiKey },
      'GET',
      `/v2/extract/${String(started.body.id)}`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await callApi(own.stack(), 'GET', `/v2/extract/${String(started.body.id)}`)).status).toBe(200);
  }, 60_000);

  it('survives kill -9 of extract-service in the middle of a job: the job completes and is billed once', async () => {
    answers.set('SLOW', () => ({ kind: 'json', value: { name: 'Heron Kettle', price: 89.5 }, delayMs: 3_000 }));
    const from = llm.requests.length;
    const started = (await firecrawl().startExtract({
      urls: [page('/shop/kettle')],
      prompt: 'SLOW: the kettle and its price',
      schema: KETTLE_SCHEMA,
    })) as ExtractStatus & { id: string };
    // The model has the question: the job is in the middle of its work.
    await eventually(() => expect(llm.requests.length).toBeGreaterThan(from), { timeoutMs: 30_000 });
    const stack = own.stack();
    stack.processes.get('extract-service')?.kill('SIGKILL');
    stack.processes.delete('extract-service');
    expect((await callApi(stack, 'GET', `/v2/extract/${started.id}`)).status).not.toBe(200);
    await stack.startService('extract-service');

    const done = await finishedJob(started.id, 90_000);
    expect(done).toMatchObject({ status: 'completed', data: { name: 'Heron Kettle', price: 89.5 } });
    // The question was asked again by the resumed job.
    expect(promptsSince(from).length).toBeGreaterThanOrEqual(2);
    await eventually(async () =>
      expect(await chargesOf(stack.databaseUrl, started.id)).toEqual([{ credits: done.creditsUsed, kind: 'extract' }]),
    );
    // Late redeliveries, if any, add nothing.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await chargesOf(stack.databaseUrl, started.id)).toHaveLength(1);
  }, 150_000);
});

describe('POST /v2/extract without an LLM (the shared stack has none, and no search backend)', () => {
  const stack = sharedStack();
  const sdk = () => new Firecrawl({ apiKey: stack.apiKey, apiUrl: stack.baseUrl });

  it("fills a schema from the pages' structured data, says so, and charges a credit per page", async () => {
    const site = own.site();
    const result = (await sdk().extract({
      urls: [`${site.url}/shop/kettle`],
      schema: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } },
      pollInterval: 1,
    })) as ExtractStatus;
    expect(result).toMatchObject({ status: 'completed', data: { name: 'Heron Kettle', price: 89.5 }, tokensUsed: 0 });
    expect(result.warning).toMatch(/^extracted without an LLM/);
    expect(result.creditsUsed).toBe(1);
  }, 60_000);

  it('refuses a prompt without a schema with LLM_NOT_CONFIGURED naming the settings', async () => {
    const response = await callApi(stack, 'POST', '/v2/extract', {
      urls: [`${own.site().url}/shop/kettle`],
      prompt: 'the name of the kettle',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'LLM_NOT_CONFIGURED' });
    expect(response.body.error).toContain('LLM_BASE_URL');
  });

  it('refuses enableWebSearch with SEARCH_NOT_CONFIGURED naming SEARCH_URL', async () => {
    const response = await callApi(stack, 'POST', '/v2/extract', {
      prompt: 'kettles',
      schema: { type: 'object', properties: { name: { type: 'string' } } },
      enableWebSearch: true,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'SEARCH_NOT_CONFIGURED' });
    expect(response.body.error).toContain('SEARCH_URL');
  });
});
