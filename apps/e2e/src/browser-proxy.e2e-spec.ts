import { Client } from 'pg';
import { callApi, eventually, type ForwardProxy, startForwardProxy } from '@wh/testing';
import { useOwnStack } from './support/own-stack';

// Chromium pages take seconds on a busy two-core machine; these bounds only stop a hung test.
jest.setTimeout(120_000);

const proxies: { basic?: ForwardProxy; enhanced?: ForwardProxy; germany?: ForwardProxy } = {};
// Filled before the stack below starts: hooks run in the order they are declared.
const env: NodeJS.ProcessEnv = {};
beforeAll(async () => {
  proxies.basic = await startForwardProxy({ name: 'basic' });
  proxies.enhanced = await startForwardProxy({ name: 'enhanced', credentials: { username: 'pool', password: 's3cret' } });
  proxies.germany = await startForwardProxy({ name: 'germany' });
  env.PROXY_BASIC = proxies.basic.url;
  env.PROXY_ENHANCED = proxies.enhanced.url;
  env.PROXY_BY_COUNTRY = `DE=${proxies.germany.url}`;
});
const own = useOwnStack('proxy', ['api-gateway', 'scrape-worker', 'billing-service'], env);
afterAll(async () => {
  await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
});

interface ScrapeData {
  markdown?: string;
  metadata: Record<string, unknown>;
}

async function scrape(body: Record<string, unknown>): Promise<{ status: number; data: ScrapeData }> {
  const response = await callApi(own.stack(), 'POST', '/v2/scrape', { maxAge: 0, ...body });
  return { status: response.status, data: response.body.data as ScrapeData };
}

/** Credits of the one usage event `work` causes. */
async function creditsOf(work: () => Promise<void>): Promise<number> {
  const client = new Client({ connectionString: own.stack().databaseUrl });
  await client.connect();
  try {
    const count = async (): Promise<number> => Number((await client.query<{ n: string }>('select count(*) as n from usage_events')).rows[0]?.n);
    const before = await count();
    await work();
    await eventually(async () => expect(await count()).toBe(before + 1));
    const { rows } = await client.query<{ credits: number }>('select credits from usage_events order by recorded_at desc limit 1');
    return rows[0]?.credits ?? Number.NaN;
  } finally {
    await client.end();
  }
}

describe('proxy pools', () => {
  it('sends basic requests through the basic pool', async () => {
    const { status, data } = await scrape({ url: `${own.site().url}/proxy/echo`, proxy: 'basic' });
    expect(status).toBe(200);
    expect(data.markdown).toContain('Reached via basic.');
    expect(data.metadata.engine).toBe('http');
  });

  it('sends a location through its country pool, in the browser too', async () => {
    const { data } = await scrape({ url: `${own.site().url}/proxy/echo`, location: { country: 'DE' } });
    expect(data.markdown).toContain('Reached via germany.');
    expect(data.metadata.engine).toBe('chromium');
  });

  it('renders enhanced requests in Chromium through the enhanced pool, with its credentials, for 5 credits', async () => {
    let data: ScrapeData | undefined;
    const credits = await creditsOf(async () => {
      const response = await scrape({ url: `${own.site().url}/proxy/echo`, proxy: 'enhanced' });
      expect(response.status).toBe(200);
      data = response.data;
    });
    expect(data?.markdown).toContain('Reached via enhanced.');
    expect(data?.metadata.engine).toBe('chromium');
    expect(credits).toBe(5);
  });

  it('retries a blocked page through the enhanced pool with auto, billed 5 when that works', async () => {
    let data: ScrapeData | undefined;
    const credits = await creditsOf(async () => {
      data = (await scrape({ url: `${own.site().url}/proxy/guarded`, proxy: 'auto' })).data;
    });
    expect(data?.metadata.statusCode).toBe(200);
    expect(data?.markdown).toContain('Only visitors through the enhanced proxy read this text.');
    expect(credits).toBe(5);
  });

  it('keeps the block with basic, billed 1', async () => {
    let data: ScrapeData | undefined;
    const credits = await creditsOf(async () => {
      data = (await scrape({ url: `${own.site().url}/proxy/guarded`, proxy: 'basic' })).data;
    });
    expect(data?.metadata.statusCode).toBe(403);
    expect(credits).toBe(1);
  });
});
