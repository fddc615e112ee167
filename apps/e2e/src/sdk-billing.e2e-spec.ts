import { eventually, type FixtureServer, startFixtureServer } from '@wh/testing';
import { admin, charged, teamOnPlan } from './support/billing-admin';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
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

  it('reports credit usage, its history, token usage, the queue and the concurrency through the SDK’s methods', async () => {
    const team = await teamOnPlan(stack, 'usage', ['--credits', '100', '--concurrency', '1']);
    await admin(stack, ['grant-credits', team.name, '5', '--reason', 'e2e']);
    const firecrawl = new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl });
    await firecrawl.scrape(`${site.url}/article?usage=1`, { maxAge: 0 });
    await firecrawl.scrape(`${site.url}/article?usage=2`, { maxAge: 0 });
    await charged(stack, team.name, 2);
    const now = new Date();
    const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();

    expect(await firecrawl.getCreditUsage()).toEqual({
      remainingCredits: 103,
      planCredits: 100,
      billingPeriodStart: periodStart,
      billingPeriodEnd: periodEnd,
    });
    expect(await firecrawl.getCreditUsageHistorical()).toEqual({
      success: true,
      periods: [{ startDate: periodStart, endDate: periodEnd, creditsUsed: 2 }],
    });
    // The plan sets no token allowance: unlimited, reported as self-hosted Firecrawl does.
    expect(await firecrawl.getTokenUsage()).toEqual({
      remainingTokens: 99_999_999,
      planTokens: 99_999_999,
      billingPeriodStart: periodStart,
      billingPeriodEnd: periodEnd,
    });
    expect(await firecrawl.getTokenUsageHistorical()).toEqual({ success: true, periods: [] });

    const idle = await firecrawl.getQueueStatus();
    expect(idle).toMatchObject({ jobsInQueue: 0, activeJobsInQueue: 0, waitingJobsInQueue: 0, maxConcurrency: 1 });
    const batch = await firecrawl.startBatchScrape(
      [1, 2, 3, 4].map((n) => `${site.url}/slow?ms=1500&n=${n}`),
      { options: { maxAge: 0 } },
    );
    await eventually(async () =>
      expect(await firecrawl.getQueueStatus()).toMatchObject({
        success: true,
        activeJobsInQueue: 1,
        waitingJobsInQueue: expect.any(Number),
        maxConcurrency: 1,
      }),
    );
    const busy = await firecrawl.getQueueStatus();
    expect(busy.waitingJobsInQueue).toBeGreaterThan(0);
    expect(busy.jobsInQueue).toBe(busy.activeJobsInQueue + busy.waitingJobsInQueue);
    expect(await firecrawl.getConcurrency()).toEqual({ concurrency: 1, maxConcurrency: 1 });

    await eventually(async () => expect((await firecrawl.getBatchScrapeStatus(batch.id)).status).toBe('completed'), {
      timeoutMs: 30_000,
    });
    const after = await firecrawl.getQueueStatus();
    expect(after).toMatchObject({ jobsInQueue: 0, activeJobsInQueue: 0, waitingJobsInQueue: 0 });
    expect(Date.parse(after.mostRecentSuccess ?? '')).toBeGreaterThan(now.getTime() - 1_000);
  }, 90_000);

  it('cuts a crawl with limit 50 to the 20 credits left, says so, and stops at 20 pages charged once each', async () => {
    const crawlSite = await startOwnCrawlSite({ bulkPages: 80 });
    try {
      const team = await teamOnPlan(stack, 'crawl20', ['--credits', '20']);
      const caller = { baseUrl: stack.baseUrl, apiKey: team.apiKey };
      const started = await fetch(`${stack.baseUrl}/v2/crawl`, {
        method: 'POST',
        headers: { authorization: `Bearer ${team.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${crawlSite.origin}/`, limit: 50, scrapeOptions: { maxAge: 0 } }),
      });
      const body = (await started.json()) as { success: boolean; id: string; warning?: string };
      expect(started.status).toBe(200);
      expect(body.warning).toBe(
        'The crawl limit was lowered from 50 to 20, the credits your team has left in this billing period.',
      );

      const finished = await waitForJob(caller, `/v2/crawl/${body.id}`, 90_000);
      expect(finished.status).toBe('completed');
      expect(finished.completed).toBe(20);
      await charged(stack, team.name, 20);
      const firecrawl = new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl });
      expect((await firecrawl.getCreditUsage()).remainingCredits).toBe(0);
      await expect(firecrawl.startBatchScrape([`${site.url}/article`])).rejects.toThrow(INSUFFICIENT);
      expect(await admin(stack, ['reconcile'])).toContain('no drift');
    } finally {
      await crawlSite.close();
    }
  }, 120_000);

  it('cuts a batch to as many URLs as credits are left, with a warning', async () => {
    const team = await teamOnPlan(stack, 'batch3', ['--credits', '3']);
    const started = await fetch(`${stack.baseUrl}/v2/batch/scrape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${team.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ urls: [1, 2, 3, 4, 5].map((n) => `${site.url}/article?b=${n}`), maxAge: 0 }),
    });
    const body = (await started.json()) as { id: string; warning?: string };
    expect(body.warning).toBe(
      'The number of URLs was lowered from 5 to 3, the credits your team has left in this billing period.',
    );
    const finished = await waitForJob({ baseUrl: stack.baseUrl, apiKey: team.apiKey }, `/v2/batch/scrape/${body.id}`);
    expect(finished.completed).toBe(3);
    await charged(stack, team.name, 3);
  }, 60_000);

  it('lets two concurrent crawls of one team together use no more than its credits (15 and 5 of 20), then refuses a third', async () => {
    const crawlSite = await startOwnCrawlSite({ bulkPages: 80 });
    try {
      const team = await teamOnPlan(stack, 'two-crawls', ['--credits', '20']);
      const caller = { baseUrl: stack.baseUrl, apiKey: team.apiKey };
      const start = async (limit: number) => {
        const response = await fetch(`${stack.baseUrl}/v2/crawl`, {
          method: 'POST',
          headers: { authorization: `Bearer ${team.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${crawlSite.origin}/`, limit, scrapeOptions: { maxAge: 0 } }),
        });
        return { status: response.status, body: (await response.json()) as { id: string; warning?: string } };
      };

      const [first, second] = await Promise.all([start(15), start(15)]);

      expect([first.status, second.status]).toEqual([200, 200]);
      const warnings = [first.body.warning, second.body.warning].filter(Boolean);
      expect(warnings).toEqual([
        'The crawl limit was lowered from 15 to 5, the credits your team has left in this billing period.',
      ]);
      const pages = await Promise.all(
        [first, second].map(async ({ body }) => (await waitForJob(caller, `/v2/crawl/${body.id}`, 90_000)).completed),
      );
      expect(pages.sort((a, b) => a - b)).toEqual([5, 15]);
      await charged(stack, team.name, 20);
      const refused = await start(5);
      expect(refused.status).toBe(402);
    } finally {
      await crawlSite.close();
    }
  }, 120_000);

  it('frees the credits a finished crawl reserved but did not use', async () => {
    const smallSite = await startOwnCrawlSite();
    try {
      const team = await teamOnPlan(stack, 'small-crawl', ['--credits', '100']);
      const caller = { baseUrl: stack.baseUrl, apiKey: team.apiKey };
      const firecrawl = new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl });
      const { id } = await firecrawl.startCrawl(`${smallSite.origin}/`, { limit: 90, scrapeOptions: { maxAge: 0 } });
      expect((await firecrawl.getCreditUsage()).remainingCredits).toBeLessThanOrEqual(10);

      const finished = await waitForJob(caller, `/v2/crawl/${id}`, 90_000);
      expect(finished.completed).toBeLessThan(90);
      await charged(stack, team.name, finished.completed);
      await eventually(async () =>
        expect((await firecrawl.getCreditUsage()).remainingCredits).toBe(100 - finished.completed),
      );
    } finally {
      await smallSite.close();
    }
  }, 120_000);
});
