import { Client } from 'pg';
import {
  callApi,
  runCompiled,
  ENCODING_TEXTS,
  eventually,
  type FixtureServer,
  hugePage,
  startFixtureServer,
} from '@wh/testing';
import { charged, teamOnPlan } from './support/billing-admin';
import { storedInCache } from './support/scrape-cache';
import { sharedStack } from './support/stack-env';

const stack = sharedStack();

interface ScrapeData {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  metadata: Record<string, unknown>;
}

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer();
});
afterAll(async () => {
  await site.close();
});

/** Scrapes with a fresh fetch (no cache) unless the body says otherwise. */
async function scrape(
  body: Record<string, unknown>,
): Promise<{ status: number; data: ScrapeData; body: Record<string, unknown> }> {
  const response = await callApi(stack, 'POST', '/v2/scrape', { maxAge: 0, ...body });
  return { status: response.status, data: response.body.data as ScrapeData, body: response.body };
}

describe('POST /v2/scrape: content', () => {
  it('returns only markdown and metadata by default, with the main content', async () => {
    const { status, data, body } = await scrape({ url: `${site.url}/article` });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(Object.keys(data).sort()).toEqual(['markdown', 'metadata']);
    // The story's <h1> repeats its title, which the metadata carries: the markdown opens with the story itself.
    expect(data.markdown).toMatch(/^Long before there were streets/);
    expect(data.markdown).not.toContain('The Rivers That Made the City');
    expect(data.markdown).toContain('**three small rivers**');
    expect(data.markdown).toContain('## A market at the confluence');
    expect(data.markdown).toContain(`[city archive](${site.url}/archive/charters)`);
    expect(data.markdown).not.toContain('Most read');
    expect(data.markdown).not.toContain('Privacy policy');
    expect(data.markdown).not.toContain('dataLayer');
  });

  it('fills the metadata of spec 2.4 and the page meta tags', async () => {
    const url = `${site.url}/article`;
    const { data } = await scrape({ url });
    expect(data.metadata).toMatchObject({
      title: 'The Rivers That Made the City | The Riverside Gazette',
      description: "How three small rivers decided where a city's markets, mills and bridges stand.",
      language: 'en-GB',
      keywords: 'rivers, urban history, bridges, mills, city planning',
      ogLocaleAlternate: ['fr_FR', 'de_DE'],
      sourceURL: url,
      url,
      statusCode: 200,
      contentType: 'text/html',
    });
    const values = JSON.stringify(data.metadata);
    for (const expected of ['summary_large_image', 'Urban history', '2024-03-14T08:30:00Z', 'The Riverside Gazette']) {
      expect(values).toContain(expected);
    }
  });

  it('returns every requested format, with absolute deduplicated links and images', async () => {
    const { data } = await scrape({
      url: `${site.url}/article`,
      formats: ['markdown', 'html', 'rawHtml', 'links', { type: 'images' }],
    });
    expect(Object.keys(data).sort()).toEqual(['html', 'images', 'links', 'markdown', 'metadata', 'rawHtml']);
    expect(data.rawHtml).toContain('window.dataLayer');
    expect(data.html).toContain('A market at the confluence');
    expect(data.html).not.toContain('<script');
    expect(data.links).toEqual(
      expect.arrayContaining([
        `${site.url}/archive/charters`,
        'https://en.wikipedia.org/wiki/Market_town',
        `${site.url}/about`,
      ]),
    );
    expect(new Set(data.links).size).toBe(data.links?.length);
    expect(data.links?.every((link) => /^(https?|mailto):/.test(link))).toBe(true);
    expect(data.images).toEqual(
      expect.arrayContaining([`${site.url}/images/wend-bridge.jpg`, 'https://fixtures.example/images/holts-weir.jpg']),
    );
  });

  it('keeps navigation and footer with onlyMainContent false', async () => {
    const { data } = await scrape({ url: `${site.url}/article`, onlyMainContent: false });
    expect(data.markdown).toContain('About us');
    expect(data.markdown).toContain('Privacy policy');
    expect(data.markdown).toContain('A market at the confluence');
  });

  it('applies includeTags and excludeTags', async () => {
    const included = await scrape({ url: `${site.url}/article`, includeTags: ['blockquote'], onlyMainContent: false });
    expect(included.data.markdown?.trim()).toBe(
      '> "The river gives the wheel its work and takes the cellar in return."',
    );
    const excluded = await scrape({ url: `${site.url}/article`, excludeTags: ['blockquote', 'figure'] });
    expect(excluded.data.markdown).not.toContain('takes the cellar');
    expect(excluded.data.markdown).not.toContain('rebuilt in 1742');
    expect(excluded.data.markdown).toContain('A market at the confluence');
  });

  it('keeps tables as GFM and code blocks with their language', async () => {
    const tables = await scrape({ url: `${site.url}/tables` });
    expect(tables.data.markdown).toMatch(/\| Bridge \| River \| Material \| Opened \| Last inspection \|\n\| -+ \|/);
    expect(tables.data.markdown).toContain('**Limestone**');
    const code = await scrape({ url: `${site.url}/code` });
    expect(code.data.markdown).toContain(
      '```typescript\nexport async function fetchLevel(station: string): Promise<number> {',
    );
    expect(code.data.markdown).toContain('```python\ndef fetch_level');
  });

  it('decodes pages in legacy encodings', async () => {
    const cp1252 = await scrape({ url: `${site.url}/encoding/windows-1252` });
    expect(cp1252.data.markdown).toContain(ENCODING_TEXTS.windows1252);
    const shiftJis = await scrape({ url: `${site.url}/encoding/shift-jis-meta` });
    expect(shiftJis.data.markdown).toContain(ENCODING_TEXTS.shiftJis);
  });

  it('sends the caller headers to the target', async () => {
    const { data } = await scrape({
      url: `${site.url}/echo-headers`,
      headers: { 'X-Probe': 'probe-value', Cookie: 'session=abc' },
    });
    expect(data.markdown).toContain('x-probe: probe-value');
    expect(data.markdown).toContain('cookie: session=abc');
  });

  it('brings back a page larger than the NATS max payload whole', async () => {
    const bytes = 6 * 1024 * 1024;
    const { status, data } = await scrape({ url: `${site.url}/huge?mb=6`, formats: ['markdown', 'rawHtml'] });
    expect(status).toBe(200);
    const expectedHtml = hugePage(bytes).toString('utf8');
    expect(data.rawHtml).toBe(expectedHtml);
    const headings = [...expectedHtml.matchAll(/<h2>(.*?)<\/h2>/g)].map((match) => match[1]);
    expect(data.markdown?.match(/^## /gm)?.length).toBe(headings.length);
    // Headings read "2234. Words": markdown escapes the list-like dot.
    expect(data.markdown).toContain(`## ${headings.at(-1)?.replace(/^(\d+)\./, '$1\\.')}`);
    expect(data.markdown?.length).toBeGreaterThan(5 * 1024 * 1024);
  }, 60_000);
});

describe('POST /v2/scrape: fetching', () => {
  it('follows redirects and reports both URLs', async () => {
    const { data } = await scrape({ url: `${site.url}/redirect/3` });
    expect(data.metadata).toMatchObject({
      sourceURL: `${site.url}/redirect/3`,
      url: `${site.url}/article`,
      statusCode: 200,
    });
  });

  it('treats a 404 or 500 target as a successful scrape with its status code', async () => {
    for (const code of [404, 500]) {
      const { status, body, data } = await scrape({ url: `${site.url}/status/${code}` });
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(data.metadata.statusCode).toBe(code);
      expect(typeof data.metadata.error).toBe('string');
    }
  });

  it('answers 408 SCRAPE_TIMEOUT when the target is slower than timeout', async () => {
    const started = Date.now();
    const response = await callApi(stack, 'POST', '/v2/scrape', {
      url: `${site.url}/slow?ms=10000`,
      timeout: 1000,
      maxAge: 0,
    });
    expect(response.status).toBe(408);
    expect(response.body).toMatchObject({ success: false, code: 'SCRAPE_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('returns plain text and JSON as they are', async () => {
    const json = await scrape({ url: `${site.url}/json`, formats: ['markdown', 'rawHtml'] });
    expect(json.status).toBe(200);
    expect(() => JSON.parse(json.data.markdown ?? '') as unknown).not.toThrow();
    expect(json.data.metadata.contentType).toBe('application/json');
    const text = await scrape({ url: `${site.url}/text` });
    expect(text.status).toBe(200);
    expect(text.data.markdown?.length).toBeGreaterThan(0);
  });

  it('refuses binary targets with 415', async () => {
    const response = await callApi(stack, 'POST', '/v2/scrape', { url: `${site.url}/image.png`, maxAge: 0 });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ success: false, code: 'SCRAPE_UNSUPPORTED_FILE_ERROR' });
  });

  it('answers 400 for a host that does not resolve', async () => {
    const response = await callApi(stack, 'POST', '/v2/scrape', { url: 'http://no-such-host.invalid/', maxAge: 0 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'SCRAPE_DNS_RESOLUTION_ERROR' });
  });

  it('records one credit per scrape for the team', async () => {
    // A team of its own: the shared stack's dev team is charged by every other suite running at the same time.
    const team = await teamOnPlan(stack, 'one-credit', ['--credits', '100']);
    const { status } = await callApi({ baseUrl: stack.baseUrl, apiKey: team.apiKey }, 'POST', '/v2/scrape', {
      url: `${site.url}/lists`,
      maxAge: 0,
    });
    expect(status).toBe(200);
    await charged(stack, team.name, 1);
  });
});

describe('POST /v2/scrape: cache', () => {
  const uniqueUrl = (name: string): string => `${site.url}/article?cache-test=${name}-${Date.now()}`;

  async function withDatabase<T>(use: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.end();
    }
  }

  /** A team of its own, so that its usage charges tell which scrapes the worker has finished with. */
  async function newTeam(): Promise<{ name: string; caller: typeof stack }> {
    const env = { DATABASE_URL: stack.databaseUrl, NATS_URL: stack.natsUrl, WH_NAMESPACE: stack.namespace };
    const name = `cache-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await runCompiled('apps/billing-service/src/admin/admin.cli.js', ['create-team', name], env);
    const created = await runCompiled('apps/billing-service/src/admin/admin.cli.js', ['create-key', name], env);
    return { name, caller: { ...stack, apiKey: created.trim().split('\n').at(-1) ?? '' } };
  }

  /** Waits until the team's usage charges are `credits`; the worker bills a scrape after its cache write is done. */
  async function charged(team: string, credits: number[]): Promise<void> {
    await withDatabase((client) =>
      eventually(async () => {
        const { rows } = await client.query<{ credits: number }>(
          "select credits from credit_ledger join teams on teams.id = credit_ledger.team_id where teams.name = $1 and entry = 'charge' order by credit_ledger.id",
          [team],
        );
        expect(rows.map((row) => row.credits)).toEqual(credits);
      }),
    );
  }

  it('serves a second scrape within maxAge from the cache', async () => {
    const url = uniqueUrl('hit');
    const first = await scrape({ url, maxAge: 60_000 });
    expect(first.data.metadata.cacheState).toBe('miss');
    await storedInCache(stack.databaseUrl, url);
    const second = await scrape({ url, maxAge: 60_000 });
    expect(second.data.metadata.cacheState).toBe('hit');
    expect(second.data.markdown).toBe(first.data.markdown);
    const fresh = await scrape({ url, maxAge: 0 });
    expect(fresh.data.metadata.cacheState).toBe('miss');
  });

  it("answers hits from the worker's cache, each scrape billed once", async () => {
    const team = await newTeam();
    const url = uniqueUrl('billed');
    for (const cacheState of ['miss', 'hit', 'hit']) {
      const response = await callApi(team.caller, 'POST', '/v2/scrape', { url, maxAge: 60_000 });
      expect((response.body.data as ScrapeData).metadata.cacheState).toBe(cacheState);
      await storedInCache(stack.databaseUrl, url);
    }
    await charged(team.name, [1, 1, 1]);
  }, 60_000);

  it('keys the cache by the options that change the output', async () => {
    const url = uniqueUrl('options');
    await scrape({ url, maxAge: 60_000 });
    await storedInCache(stack.databaseUrl, url);
    const other = await scrape({ url, maxAge: 60_000, onlyMainContent: false });
    expect(other.data.metadata.cacheState).toBe('miss');
  });

  it('answers minAge without a cached copy with 404 SCRAPE_NO_CACHED_DATA, and with the copy once there is one', async () => {
    const url = uniqueUrl('min-age');
    const missing = await callApi(stack, 'POST', '/v2/scrape', { url, minAge: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'SCRAPE_NO_CACHED_DATA' });
    await scrape({ url, maxAge: 60_000 });
    await storedInCache(stack.databaseUrl, url);
    const cached = await scrape({ url, minAge: 1 });
    expect(cached.status).toBe(200);
    expect(cached.data.metadata.cacheState).toBe('hit');
    const tooYoung = await callApi(stack, 'POST', '/v2/scrape', { url, minAge: 3_600_000 });
    expect(tooYoung.status).toBe(404);
  });

  it.each([
    ['storeInCache false', { storeInCache: false }],
    ['zeroDataRetention', { zeroDataRetention: true }],
    ['custom headers', { headers: { 'X-Private': 'yes' } }],
  ])(
    'stores nothing with %s',
    async (_name, options) => {
      const team = await newTeam();
      const url = uniqueUrl('no-store');
      const first = await callApi(team.caller, 'POST', '/v2/scrape', { url, maxAge: 60_000, ...options });
      expect(first.status).toBe(200);
      // Billed means the worker is past the point where it would have stored the page.
      await charged(team.name, [1]);
      const cachedOnly = await callApi(stack, 'POST', '/v2/scrape', { url, minAge: 1, ...options });
      expect(cachedOnly.status).toBe(404);
    },
    30_000,
  );
});
