import { randomUUID } from 'node:crypto';
import {
  callApi,
  type CrawlSite,
  eventually,
  runCompiled,
  type RunningStack,
  startStack,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@wh/testing';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
import { sharedInfrastructure, sharedStack } from './support/stack-env';

describe('concurrency across replicas', () => {
  let stack: RunningStack;
  let site: CrawlSite;

  beforeAll(async () => {
    stack = await startStack(sharedInfrastructure(), {
      services: ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'billing-service'],
      label: 'limits',
    });
    await stack.startService('scrape-worker');
    await stack.startService('crawl-scheduler');
    site = await startOwnCrawlSite({ bulkPages: 30, bulkPageDelayMs: 100 });
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await site?.close();
  }, 60_000);

  it("holds the team's limit across two schedulers and two workers, and each job's maxConcurrency", async () => {
    const env = { DATABASE_URL: stack.databaseUrl };
    const team = `limited-${randomUUID().slice(0, 8)}`;
    await runCompiled('apps/billing-service/src/admin/admin.cli.js', ['create-team', team, '--concurrency', '3'], env);
    const key =
      (await runCompiled('apps/billing-service/src/admin/admin.cli.js', ['create-key', team], env))
        .trim()
        .split('\n')
        .at(-1) ?? '';
    const caller = { baseUrl: stack.baseUrl, apiKey: key };
    const urls = Array.from({ length: 30 }, (_, index) => `${site.origin}/bulk/${index}`);
    const jobs = await Promise.all(
      [urls.slice(0, 15), urls.slice(15)].map(async (part) => {
        const started = await callApi(caller, 'POST', '/v2/batch/scrape', {
          urls: part,
          maxConcurrency: 10,
          maxAge: 0,
        });
        return started.body.id as string;
      }),
    );
    for (const id of jobs) expect((await waitForJob(caller, `/v2/batch/scrape/${id}`)).completed).toBe(15);
    expect(site.maxInFlight()).toBeLessThanOrEqual(3);
    expect(site.maxInFlight()).toBeGreaterThanOrEqual(2);

    const serialSite = await startOwnCrawlSite({ bulkPages: 6, bulkPageDelayMs: 100 });
    try {
      const serialUrls = Array.from({ length: 6 }, (_, index) => `${serialSite.origin}/bulk/${index}`);
      const single = await callApi(caller, 'POST', '/v2/batch/scrape', {
        urls: serialUrls,
        maxConcurrency: 1,
        maxAge: 0,
      });
      expect((await waitForJob(caller, `/v2/batch/scrape/${single.body.id as string}`)).completed).toBe(6);
      expect(serialSite.maxInFlight()).toBe(1);
    } finally {
      await serialSite.close();
    }
  }, 120_000);
});

describe('zero data retention', () => {
  const stack = sharedStack();
  let site: CrawlSite;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    site = await startOwnCrawlSite();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await site.close();
    await receiver.close();
  });

  it('keeps no documents for the status endpoint, and hands each page to the webhook only', async () => {
    const started = await callApi(stack, 'POST', '/v2/crawl', {
      url: `${site.origin}/docs`,
      sitemap: 'skip',
      zeroDataRetention: true,
      webhook: { url: receiver.url, events: ['page'] },
    });
    const id = started.body.id as string;
    const status = await waitForJob(stack, `/v2/crawl/${id}`);
    expect(status.completed).toBe(5);
    expect(status.data).toEqual([]);
    const pages = await eventually(
      () => {
        const mine = receiver.received.filter((event) => event.body.id === id);
        if (mine.length < 5) throw new Error(`${mine.length} page events`);
        return mine;
      },
      { timeoutMs: 20_000 },
    );
    expect(pages.map((event) => event.body.type)).toEqual(Array(5).fill('crawl.page'));
    expect(pages.every((event) => typeof (event.body.data[0] as { markdown?: string }).markdown === 'string')).toBe(
      true,
    );
  }, 60_000);
});
