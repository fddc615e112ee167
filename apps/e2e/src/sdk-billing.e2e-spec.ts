import { type FixtureServer, startFixtureServer } from '@wh/testing';
import { admin, charged, teamOnPlan } from './support/billing-admin';
import { sharedStack } from './support/stack-env';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

const stack = sharedStack();
const INSUFFICIENT =
  'Insufficient credits to perform this request. For more credits, you can upgrade your plan at https://firecrawl.dev/pricing or try changing the request limit to a lower value.';

describe('credits through the official SDK', () => {
  let site: FixtureServer;
  beforeAll(async () => {
    site = await startFixtureServer();
  });
  afterAll(async () => {
    await site.close();
  });

  it('lets a team with 10 credits scrape 10 pages, then answers the 11th with a 402 and Firecrawl’s body', async () => {
    const team = await teamOnPlan(stack, 'ten', ['--credits', '0']);
    await admin(stack, ['grant-credits', team.name, '10', '--reason', 'e2e']);
    const firecrawl = new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl });

    for (let page = 0; page < 10; page += 1) {
      const document = await firecrawl.scrape(`${site.url}/article?page=${page}`, { formats: ['markdown'], maxAge: 0 });
      expect(document.markdown).toContain('A market at the confluence');
    }
    await charged(stack, team.name, 10);

    await expect(firecrawl.scrape(`${site.url}/article?page=11`, { maxAge: 0 })).rejects.toThrow(INSUFFICIENT);
    const raw = await fetch(`${stack.baseUrl}/v2/scrape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${team.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.url}/article` }),
    });
    expect(raw.status).toBe(402);
    expect(await raw.json()).toEqual({ success: false, error: INSUFFICIENT, code: 'INSUFFICIENT_CREDITS' });
    for (const [path, body] of [
      ['/v2/crawl', { url: site.url }],
      ['/v2/batch/scrape', { urls: [`${site.url}/article`] }],
      ['/v2/browser', {}],
    ] as const) {
      const refused = await fetch(`${stack.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${team.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect([path, refused.status]).toEqual([path, 402]);
    }

    await admin(stack, ['grant-credits', team.name, '1', '--reason', 'one more']);
    const again = await firecrawl.scrape(`${site.url}/article?page=12`, { maxAge: 0 });
    expect(again.markdown).toContain('A market at the confluence');
    expect(await admin(stack, ['reconcile'])).toContain('no drift');
  }, 90_000);
});
