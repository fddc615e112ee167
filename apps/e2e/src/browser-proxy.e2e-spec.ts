import { callApi, type ForwardProxy, startForwardProxy } from '@wh/testing';
import { useOwnStack } from './support/own-stack';
import { UsageLedger } from './support/usage-ledger';

// Chromium pages take seconds on a busy two-core machine; these bounds only stop a hung test.
jest.setTimeout(120_000);

const proxies: { basic?: ForwardProxy; enhanced?: ForwardProxy; germany?: ForwardProxy } = {};
// Filled before the stack below starts: hooks run in the order they are declared.
const env: NodeJS.ProcessEnv = {};
beforeAll(async () => {
  proxies.basic = await startForwardProxy({ name: 'basic' });
  proxies.enhanced = await startForwardProxy({
    name: 'enhanced',
    credentials: { username: 'pool', password: 's3cret' },
  });
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

const ledger = new UsageLedger(() => own.stack().databaseUrl);

async function scrape(body: Record<string, unknown>): Promise<{ status: number; data: ScrapeData }> {
  const response = await callApi(own.stack(), 'POST', '/v2/scrape', { maxAge: 0, ...body });
  ledger.note(response.status);
  return { status: response.status, data: response.body.data as ScrapeData };
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
    const credits = await ledger.creditsOf(async () => {
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
    const credits = await ledger.creditsOf(async () => {
      data = (await scrape({ url: `${own.site().url}/proxy/guarded`, proxy: 'auto' })).data;
    });
    expect(data?.metadata.statusCode).toBe(200);
    expect(data?.markdown).toContain('Only visitors through the enhanced proxy read this text.');
    expect(credits).toBe(5);
  });

  it('keeps the block with basic, billed 1', async () => {
    let data: ScrapeData | undefined;
    const credits = await ledger.creditsOf(async () => {
      data = (await scrape({ url: `${own.site().url}/proxy/guarded`, proxy: 'basic' })).data;
    });
    expect(data?.metadata.statusCode).toBe(403);
    expect(credits).toBe(1);
  });
});
