import { type FixtureServer, startFixtureServer } from '@wh/testing';
import { sharedStack } from './support/stack-env';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

const stack = sharedStack();

describe('the official Firecrawl SDK', () => {
  let site: FixtureServer;
  beforeAll(async () => {
    site = await startFixtureServer();
  });
  afterAll(async () => {
    await site.close();
  });

  it('scrapes a page to markdown unchanged', async () => {
    const firecrawl = new Firecrawl({ apiKey: stack.apiKey, apiUrl: stack.baseUrl });
    const document = await firecrawl.scrape(`${site.url}/article`, { formats: ['markdown', 'links'], maxAge: 0 });
    expect(document.markdown).toContain('## A market at the confluence');
    expect(document.links).toContain('https://en.wikipedia.org/wiki/Market_town');
    expect(document.metadata?.statusCode).toBe(200);
    expect(document.metadata?.title).toBe('The Rivers That Made the City | The Riverside Gazette');
  });

  it('surfaces our error for a bad key', async () => {
    const firecrawl = new Firecrawl({ apiKey: 'fc-wrong', apiUrl: stack.baseUrl });
    await expect(firecrawl.scrape(`${site.url}/article`)).rejects.toThrow(/Unauthorized/);
  });
});
