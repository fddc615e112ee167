import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import {
  callApi,
  CRAWL_TEST_DOMAIN,
  type FakeChatBody,
  type FakeLlm,
  type StackDescription,
  startFakeLlm,
} from '@wh/testing';
import { teamOnPlan } from './support/billing-admin';
import { waitForJob } from './support/crawl-helpers';
import { useOwnStack } from './support/own-stack';
import { sharedStack } from './support/stack-env';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

/** Firecrawl's `data.changeTracking`. */
interface ChangeTracking {
  previousScrapeAt: string | null;
  changeStatus: 'new' | 'same' | 'changed' | 'removed';
  visibility: 'visible' | 'hidden';
  diff?: {
    text: string;
    json: {
      files: {
        from: string | null;
        to: string | null;
        chunks: { content: string; changes: Record<string, unknown>[] }[];
      }[];
    };
  };
  json?: unknown;
}

interface TrackedDocument {
  markdown?: string;
  changeTracking?: ChangeTracking;
  warning?: string;
  metadata: { url: string; sourceURL: string; statusCode: number };
}

/** A site whose pages the tests rewrite between scrapes; its host name maps to loopback for the stack. */
interface MutableSite {
  origin: string;
  set(path: string, body: string, status?: number): void;
  close(): Promise<void>;
}

let siteCount = 0;

async function startMutableSite(): Promise<MutableSite> {
  const pages = new Map<string, { status: number; body: string }>();
  const server: Server = createServer((request, response) => {
    const page = pages.get(new URL(request.url ?? '/', 'http://site').pathname);
    response.writeHead(page?.status ?? 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page?.body ?? '<html><body><main><h1>Not found</h1></main></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  siteCount += 1;
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://changes${process.pid}x${siteCount}.${CRAWL_TEST_DOMAIN}:${port}`,
    set: (path, body, status = 200) => pages.set(path, { status, body }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function html(title: string, paragraphs: string[], links: string[] = []): string {
  return (
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>` +
    paragraphs.map((text) => `<p>${text}</p>`).join('') +
    (links.length > 0 ? `<ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul>` : '') +
    '</main></body></html>'
  );
}

/** A pricing page: the price is what monitors watch; the stamp changes on every load. */
function pricingPage(price: number, stamp: string, order: 'ab' | 'ba' = 'ab'): string {
  const features = order === 'ab' ? ['Feature: exports', 'Feature: sharing'] : ['Feature: sharing', 'Feature: exports'];
  return html('Pricing', [
    '<strong>Plan:</strong> Starter',
    `<strong>Price:</strong> ${price}`,
    ...features,
    `Generated at ${stamp}`,
  ]);
}

const trackingFormat = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'changeTracking',
  ...extra,
});

async function scrape(
  stack: Pick<StackDescription, 'baseUrl' | 'apiKey'>,
  url: string,
  tracking: Record<string, unknown> = {},
): Promise<{ status: number; body: Record<string, unknown>; data: TrackedDocument }> {
  const response = await callApi(stack, 'POST', '/v2/scrape', { url, formats: ['markdown', trackingFormat(tracking)] });
  return { ...response, data: response.body.data as TrackedDocument };
}

async function snapshotVersions(stack: StackDescription, url: string, tag: string): Promise<number[]> {
  const client = new Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: number }>(
      'select version from change_tracking_snapshots where url = $1 and tag = $2 order by version',
      [url, tag],
    );
    return rows.map((row) => row.version);
  } finally {
    await client.end();
  }
}

describe('the changeTracking format', () => {
  const stack = sharedStack();
  let site: MutableSite;
  beforeAll(async () => {
    site = await startMutableSite();
  });
  afterAll(async () => {
    await site.close();
  });

  it('reports new, same, changed and removed across four scrapes through the SDK, with the git diff line by line', async () => {
    const firecrawl = new Firecrawl({ apiKey: stack.apiKey, apiUrl: stack.baseUrl });
    const url = `${site.origin}/pricing`;
    const formats = ['markdown' as const, { type: 'changeTracking' as const, modes: ['git-diff' as const] }];

    site.set('/pricing', pricingPage(9, '2026-11-25T10:00:00Z'));
    const before = Date.now();
    const first = (await firecrawl.scrape(url, { formats })) as TrackedDocument;
    expect(first.changeTracking).toEqual({ previousScrapeAt: null, changeStatus: 'new', visibility: 'visible' });

    // Only a timestamp and the order of two lines differ: the same page to a monitor, though the diff shows them.
    site.set('/pricing', pricingPage(9, '2026-11-25T10:07:31Z', 'ba'));
    const second = (await firecrawl.scrape(url, { formats })) as TrackedDocument;
    expect(second.changeTracking).toMatchObject({ changeStatus: 'same', visibility: 'visible' });
    const previousAt = Date.parse(second.changeTracking?.previousScrapeAt ?? '');
    expect(previousAt).toBeGreaterThanOrEqual(before - 1000);
    expect(previousAt).toBeLessThanOrEqual(Date.now());
    const reloadDiff = (second.changeTracking?.diff?.text ?? '').split('\n');
    expect(reloadDiff).toContain('-Generated at 2026-11-25T10:00:00Z');
    expect(reloadDiff).toContain('+Generated at 2026-11-25T10:07:31Z');
    expect(reloadDiff.filter((line) => /^[+-]/.test(line) && line.includes('Price'))).toEqual([]);

    site.set('/pricing', pricingPage(12, '2026-11-25T10:09:02Z', 'ba'));
    const third = (await firecrawl.scrape(url, { formats })) as TrackedDocument;
    expect(third.changeTracking?.changeStatus).toBe('changed');
    expect(Date.parse(third.changeTracking?.previousScrapeAt ?? '')).toBeGreaterThan(previousAt);
    const markdownLines = (second.markdown ?? '').split('\n');
    const priceLine = markdownLines.indexOf('**Price:** 9') + 1;
    const stampLine = markdownLines.indexOf('Generated at 2026-11-25T10:07:31Z') + 1;
    expect(priceLine).toBeGreaterThan(0);
    expect(stampLine).toBeGreaterThan(priceLine);
    const diff = third.changeTracking?.diff;
    const changed = (diff?.text ?? '').split('\n').filter((line) => /^[+-]/.test(line));
    expect(changed).toEqual([
      '-**Price:** 9',
      '+**Price:** 12',
      '-Generated at 2026-11-25T10:07:31Z',
      '+Generated at 2026-11-25T10:09:02Z',
    ]);
    expect(diff?.json.files).toHaveLength(1);
    expect(diff?.json.files[0]).toMatchObject({ from: null, to: null });
    const changes = (diff?.json.files[0]?.chunks ?? []).flatMap((chunk) => chunk.changes);
    expect(changes.filter((change) => change.type !== 'normal')).toEqual([
      { type: 'del', del: true, ln: priceLine, content: '-**Price:** 9' },
      { type: 'add', add: true, ln: priceLine, content: '+**Price:** 12' },
      { type: 'del', del: true, ln: stampLine, content: '-Generated at 2026-11-25T10:07:31Z' },
      { type: 'add', add: true, ln: stampLine, content: '+Generated at 2026-11-25T10:09:02Z' },
    ]);
    expect(diff?.text.split('\n')[0]).toBe(diff?.json.files[0]?.chunks[0]?.content);

    site.set('/pricing', html('Gone', ['This page was removed.']), 404);
    const fourth = (await firecrawl.scrape(url, { formats })) as TrackedDocument;
    expect(fourth.metadata.statusCode).toBe(404);
    expect(fourth.changeTracking).toMatchObject({ changeStatus: 'removed', visibility: 'visible' });
    expect(fourth.changeTracking?.previousScrapeAt).toEqual(expect.any(String));
    expect(fourth.changeTracking?.diff).toBeUndefined();
    // The 404 was not filed: three versions, the last good one still the one to compare with.
    expect(await snapshotVersions(stack, url, '')).toEqual([1, 2, 3]);
  });

  it('keeps tags apart, and compares the live page whatever maxAge says', async () => {
    const url = `${site.origin}/tags`;
    site.set('/tags', pricingPage(5, '2026-11-25T11:00:00Z'));
    expect((await scrape(stack, url, { tag: 'daily' })).data.changeTracking?.changeStatus).toBe('new');
    expect((await scrape(stack, url, { tag: 'hourly' })).data.changeTracking?.changeStatus).toBe('new');
    expect((await scrape(stack, url, { tag: 'daily' })).data.changeTracking?.changeStatus).toBe('same');

    site.set('/tags', pricingPage(6, '2026-11-25T11:00:00Z'));
    const response = await callApi(stack, 'POST', '/v2/scrape', {
      url,
      maxAge: 3_600_000,
      formats: ['markdown', trackingFormat({ tag: 'daily' })],
    });
    const data = response.body.data as TrackedDocument;
    expect(data.changeTracking?.changeStatus).toBe('changed');
    expect(data.markdown).toContain('**Price:** 6');
  });

  it('tracks each page of a batch scrape, with the git diff of the one that changed', async () => {
    site.set('/batch/one', pricingPage(1, '2026-11-25T12:30:00Z'));
    site.set('/batch/two', pricingPage(2, '2026-11-25T12:30:00Z'));
    const urls = [`${site.origin}/batch/one`, `${site.origin}/batch/two`];
    const batch = async (): Promise<Map<string, ChangeTracking | undefined>> => {
      const started = await callApi(stack, 'POST', '/v2/batch/scrape', {
        urls,
        formats: ['markdown', trackingFormat({ modes: ['git-diff'], tag: 'batch' })],
      });
      expect(started.status).toBe(200);
      const status = await waitForJob(stack, `/v2/batch/scrape/${started.body.id as string}`);
      const pages = status.data as unknown as TrackedDocument[];
      return new Map(pages.map((page) => [new URL(page.metadata.sourceURL).pathname, page.changeTracking]));
    };

    const first = await batch();
    expect(first.get('/batch/one')?.changeStatus).toBe('new');
    expect(first.get('/batch/two')?.changeStatus).toBe('new');
    site.set('/batch/two', pricingPage(3, '2026-11-25T12:30:00Z'));
    const second = await batch();
    expect(second.get('/batch/one')).toMatchObject({ changeStatus: 'same', diff: { text: '', json: { files: [] } } });
    expect(second.get('/batch/two')?.changeStatus).toBe('changed');
    expect(second.get('/batch/two')?.diff?.text).toContain('-**Price:** 2\n+**Price:** 3');
  });

  it("keeps teams apart: another team's first scrape of a page is new", async () => {
    const url = `${site.origin}/teams`;
    site.set('/teams', pricingPage(7, '2026-11-25T12:00:00Z'));
    expect((await scrape(stack, url)).data.changeTracking?.changeStatus).toBe('new');
    expect((await scrape(stack, url)).data.changeTracking?.changeStatus).toBe('same');

    const teamB = await teamOnPlan(stack, 'changes', ['--credits', '100']);
    const asTeamB = { baseUrl: stack.baseUrl, apiKey: teamB.apiKey };
    expect((await scrape(asTeamB, url)).data.changeTracking).toEqual({
      previousScrapeAt: null,
      changeStatus: 'new',
      visibility: 'visible',
    });
    expect((await scrape(asTeamB, url)).data.changeTracking?.changeStatus).toBe('same');
  });

  it('files concurrent scrapes of one page in a line: one new, the others same, no version lost or doubled', async () => {
    const url = `${site.origin}/race`;
    site.set('/race', pricingPage(3, '2026-11-25T13:00:00Z'));
    const results = await Promise.all(Array.from({ length: 4 }, () => scrape(stack, url, { tag: 'race' })));

    const statuses = results.map((result) => result.data.changeTracking?.changeStatus).sort();
    expect(statuses).toEqual(['new', 'same', 'same', 'same']);
    const previous = results.map((result) => result.data.changeTracking?.previousScrapeAt).filter(Boolean);
    expect(previous).toHaveLength(3);
    expect(await snapshotVersions(stack, url, 'race')).toEqual([1, 2, 3, 4]);
  });

  it('says hidden for a page an earlier crawl found and this crawl no longer links to', async () => {
    const crawlSite = await startMutableSite();
    try {
      crawlSite.set('/', html('Home', ['The home page of the shop, linking to its sections.'], ['/a', '/b']));
      crawlSite.set('/a', html('Section A', ['Everything about section A.']));
      crawlSite.set('/b', html('Section B', ['Everything about section B.']));
      const crawl = async (): Promise<Map<string, ChangeTracking | undefined>> => {
        const started = await callApi(stack, 'POST', '/v2/crawl', {
          url: `${crawlSite.origin}/`,
          limit: 10,
          scrapeOptions: { formats: ['markdown', trackingFormat({ tag: 'crawl' })] },
        });
        expect(started.status).toBe(200);
        const status = await waitForJob(stack, `/v2/crawl/${started.body.id as string}`);
        expect(status.status).toBe('completed');
        const pages = status.data as unknown as TrackedDocument[];
        return new Map(pages.map((page) => [new URL(page.metadata.sourceURL).pathname, page.changeTracking]));
      };

      const first = await crawl();
      expect([...first.keys()].sort()).toEqual(['/', '/a', '/b']);
      for (const tracking of first.values())
        expect(tracking).toMatchObject({ changeStatus: 'new', visibility: 'visible' });

      crawlSite.set('/', html('Home', ['The home page of the shop, linking to its sections.'], ['/a']));
      const second = await crawl();
      expect([...second.keys()].sort()).toEqual(['/', '/a', '/b']);
      expect(second.get('/')).toMatchObject({ changeStatus: 'changed', visibility: 'visible' });
      expect(second.get('/a')).toMatchObject({ changeStatus: 'same', visibility: 'visible' });
      expect(second.get('/b')).toMatchObject({ changeStatus: 'same', visibility: 'hidden' });
    } finally {
      await crawlSite.close();
    }
  });

  describe('json mode without an LLM', () => {
    const schema = {
      type: 'object',
      properties: { plan: { type: 'string' }, price: { type: 'number' } },
      required: ['plan', 'price'],
    };

    it("compares the fields the deterministic extractor reads from both versions' markdown", async () => {
      const url = `${site.origin}/fields`;
      site.set('/fields', pricingPage(9, '2026-11-25T14:00:00Z'));
      const first = await scrape(stack, url, { modes: ['json'], schema });
      expect(first.data.changeTracking).toEqual({ previousScrapeAt: null, changeStatus: 'new', visibility: 'visible' });

      site.set('/fields', pricingPage(12, '2026-11-25T14:00:00Z'));
      const second = await scrape(stack, url, { modes: ['json'], schema });
      expect(second.status).toBe(200);
      expect(second.data.changeTracking).toMatchObject({
        changeStatus: 'changed',
        json: { price: { previous: 9, current: 12 } },
      });
      expect(second.data.warning).toMatch(/without an LLM/);
    });

    it('refuses to describe a change with LLM_NOT_CONFIGURED', async () => {
      const url = `${site.origin}/describe`;
      site.set('/describe', pricingPage(9, '2026-11-25T15:00:00Z'));
      expect((await scrape(stack, url, { modes: ['json'] })).status).toBe(200);
      site.set('/describe', pricingPage(10, '2026-11-25T15:00:00Z'));
      const refused = await scrape(stack, url, { modes: ['json'] });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'LLM_NOT_CONFIGURED' });
    });
  });

  it('refuses changeTracking without markdown, saying so', async () => {
    const response = await callApi(stack, 'POST', '/v2/scrape', {
      url: `${site.origin}/pricing`,
      formats: ['html', { type: 'changeTracking' }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(response.body.error).toMatch(/add "markdown" to formats/);
  });
});

describe('json mode with an LLM', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
    llm.otherwise((body: FakeChatBody) => {
      const system = body.messages?.[0]?.content ?? '';
      const prompt = (body.messages ?? []).map((message) => message.content).join('\n');
      if (system.startsWith('You design the JSON schema')) {
        return {
          kind: 'json',
          value: { type: 'object', properties: { description: { type: 'string' } }, required: ['description'] },
        };
      }
      if (prompt.includes('unified diff')) {
        const rose = prompt.includes('-**Price:** 20') && prompt.includes('+**Price:** 25');
        return { kind: 'json', value: { description: rose ? 'The price rose from 20 to 25.' : 'Unexpected diff.' } };
      }
      const price = /\*\*Price:\*\* (\d+)/.exec(prompt)?.[1];
      return { kind: 'json', value: { plan: 'Starter', price: Number(price) } };
    });
  });
  afterAll(async () => {
    await llm?.close();
  });
  const own = useOwnStack(
    'change-tracking',
    ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'extract-service', 'billing-service'],
    () => ({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'sk-test', LLM_CACHE_TTL_MS: '0' }),
  );
  let site: MutableSite;
  beforeAll(async () => {
    site = await startMutableSite();
  });
  afterAll(async () => {
    await site.close();
  });

  it('extracts both versions with the schema and reports the fields that differ', async () => {
    const url = `${site.origin}/llm-fields`;
    const schema = { type: 'object', properties: { plan: { type: 'string' }, price: { type: 'number' } } };
    site.set('/llm-fields', pricingPage(20, '2026-11-25T16:00:00Z'));
    expect((await scrape(own.stack(), url, { modes: ['json'], schema })).data.changeTracking?.changeStatus).toBe('new');
    site.set('/llm-fields', pricingPage(25, '2026-11-25T16:00:00Z'));
    const changed = await scrape(own.stack(), url, { modes: ['json', 'git-diff'], schema });
    expect(changed.data.changeTracking).toMatchObject({
      changeStatus: 'changed',
      json: { price: { previous: 20, current: 25 } },
    });
    expect(changed.data.changeTracking?.json).toEqual({ price: { previous: 20, current: 25 } });
    expect(changed.data.changeTracking?.diff?.text).toContain('-**Price:** 20\n+**Price:** 25');
  });

  it('describes the change from the diff without a schema', async () => {
    const url = `${site.origin}/llm-describe`;
    site.set('/llm-describe', pricingPage(20, '2026-11-25T17:00:00Z'));
    await scrape(own.stack(), url, { modes: ['json'] });
    site.set('/llm-describe', pricingPage(25, '2026-11-25T17:00:00Z'));
    const from = llm.requests.length;
    const described = await scrape(own.stack(), url, { modes: ['json'], prompt: 'What happened to the price?' });
    expect(described.status).toBe(200);
    expect(described.data.changeTracking).toMatchObject({
      changeStatus: 'changed',
      json: { description: 'The price rose from 20 to 25.' },
    });
    const prompts = llm.requests.slice(from).map((_, index) => llm.promptOf(from + index));
    expect(prompts.some((prompt) => prompt.includes('What happened to the price?'))).toBe(true);
  });
});
