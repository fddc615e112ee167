import { createHmac, randomUUID } from 'node:crypto';
import {
  callApi,
  type CrawlSite,
  eventually,
  runCompiled,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@wh/testing';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
import { sharedStack } from './support/stack-env';

const stack = sharedStack();

function admin(...args: string[]): Promise<string> {
  return runCompiled('apps/billing-service/src/admin/admin.cli.js', args, { DATABASE_URL: stack.databaseUrl });
}

let site: CrawlSite;
let receiver: WebhookReceiver;
beforeAll(async () => {
  site = await startOwnCrawlSite({ bulkPages: 60, bulkPageBytes: 300_000 });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await site.close();
  await receiver.close();
});

describe('POST /v2/batch/scrape', () => {
  it('scrapes every valid URL once, lists the invalid ones, and reports status, credits and data', async () => {
    const urls = [
      `${site.origin}/about`,
      'not a url',
      `${site.origin}/docs`,
      'ftp://files.example/x',
      `${site.origin}/missing`,
    ];
    const started = await callApi(stack, 'POST', '/v2/batch/scrape', {
      urls,
      formats: ['markdown', 'links'],
      maxAge: 0,
    });
    expect(started.status).toBe(200);
    const id = started.body.id as string;
    expect(started.body).toEqual({
      success: true,
      id,
      url: `${stack.baseUrl}/v2/batch/scrape/${id}`,
      invalidURLs: ['not a url', 'ftp://files.example/x'],
    });
    const status = await waitForJob(stack, `/v2/batch/scrape/${id}`);
    expect(status).toMatchObject({ success: true, status: 'completed', total: 3, completed: 3, creditsUsed: 3 });
    expect(status.next).toBeUndefined();
    expect(new Date(status.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(status.data.map((page) => page.metadata.sourceURL).sort()).toEqual([
      `${site.origin}/about`,
      `${site.origin}/docs`,
      `${site.origin}/missing`,
    ]);
    const docs = status.data.find((page) => page.metadata.sourceURL.endsWith('/docs'));
    expect(docs?.markdown).toContain('# Docs');
    expect(docs?.links).toContain(`${site.origin}/docs/intro`);
    expect(status.data.find((page) => page.metadata.sourceURL.endsWith('/missing'))?.metadata.statusCode).toBe(404);
  }, 60_000);

  it('refuses invalid URLs with ignoreInvalidURLs false, naming them', async () => {
    const response = await callApi(stack, 'POST', '/v2/batch/scrape', {
      urls: [`${site.origin}/about`, 'not a url'],
      ignoreInvalidURLs: false,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      details: { invalidURLs: ['not a url'] },
    });
  });

  it('answers a reused x-idempotency-key with 409', async () => {
    const key = randomUUID();
    const body = { urls: [`${site.origin}/about`] };
    const first = await fetch(`${stack.baseUrl}/v2/batch/scrape`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stack.apiKey}`,
        'content-type': 'application/json',
        'x-idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
    expect(first.status).toBe(200);
    const second = await fetch(`${stack.baseUrl}/v2/batch/scrape`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stack.apiKey}`,
        'content-type': 'application/json',
        'x-idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ success: false, code: 'CONFLICT' });
  });
});

describe('job status pages', () => {
  it('splits more than 10 MB of documents into pages linked by next, each page at most 10 MB', async () => {
    const urls = Array.from({ length: 60 }, (_, index) => `${site.origin}/bulk/${index}`);
    const started = await callApi(stack, 'POST', '/v2/batch/scrape', { urls, maxAge: 0 });
    const id = started.body.id as string;
    const first = await waitForJob(stack, `/v2/batch/scrape/${id}`, 120_000);
    expect(first.completed).toBe(60);
    const seen: string[] = [];
    let page: { data: { metadata: { sourceURL: string } }[]; next?: string } = first;
    let pages = 1;
    for (;;) {
      expect(Buffer.byteLength(JSON.stringify(page.data))).toBeLessThanOrEqual(10 * 1024 * 1024 + 64 * 1024);
      seen.push(...page.data.map((document) => document.metadata.sourceURL));
      if (!page.next) break;
      expect(page.next.startsWith(`${stack.baseUrl}/v2/batch/scrape/${id}?skip=`)).toBe(true);
      const response = await fetch(page.next, { headers: { authorization: `Bearer ${stack.apiKey}` } });
      page = (await response.json()) as typeof page;
      pages += 1;
    }
    expect(pages).toBeGreaterThan(1);
    expect(seen.sort()).toEqual([...urls].sort());
  }, 180_000);

  it('answers skip and limit', async () => {
    const urls = [`${site.origin}/about`, `${site.origin}/blog`, `${site.origin}/docs`];
    const id = (await callApi(stack, 'POST', '/v2/batch/scrape', { urls })).body.id as string;
    await waitForJob(stack, `/v2/batch/scrape/${id}`);
    const response = await callApi(stack, 'GET', `/v2/batch/scrape/${id}?skip=1&limit=1`);
    expect((response.body.data as unknown[]).length).toBe(1);
    expect(response.body.next).toBe(`${stack.baseUrl}/v2/batch/scrape/${id}?skip=2&limit=1`);
  }, 60_000);

  it("keeps another team's job a 404, and a malformed id a 400", async () => {
    const urls = [`${site.origin}/about`];
    const id = (await callApi(stack, 'POST', '/v2/batch/scrape', { urls })).body.id as string;
    const team = `other-${randomUUID().slice(0, 8)}`;
    await admin('create-team', team);
    const otherKey = (await admin('create-key', team)).trim().split('\n').at(-1) ?? '';
    const other = { baseUrl: stack.baseUrl, apiKey: otherKey };
    for (const path of [`/v2/batch/scrape/${id}`, `/v2/batch/scrape/${id}/errors`]) {
      const response = await callApi(other, 'GET', path);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await callApi(other, 'DELETE', `/v2/batch/scrape/${id}`)).status).toBe(404);
    expect((await callApi(other, 'GET', `/v2/crawl/${id}`)).status).toBe(404);
    expect((await callApi(stack, 'GET', '/v2/crawl/not-a-uuid')).status).toBe(400);
  }, 60_000);
});

describe('cancel', () => {
  it('stops a crawl mid-way: queued pages are dropped, nothing more is billed or fetched', async () => {
    const started = await callApi(stack, 'POST', '/v2/crawl', {
      url: `${site.origin}/bulk/0`,
      crawlEntireDomain: true,
      includePaths: ['^/bulk/'],
      sitemap: 'skip',
      maxConcurrency: 1,
      delay: 0.2,
      scrapeOptions: { maxAge: 0 },
    });
    const id = started.body.id as string;
    await eventually(
      async () => {
        const status = await callApi(stack, 'GET', `/v2/crawl/${id}?limit=1`);
        if ((status.body.completed as number) < 3) throw new Error('not started');
      },
      { timeoutMs: 30_000 },
    );
    const cancelled = await callApi(stack, 'DELETE', `/v2/crawl/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ success: true, status: 'cancelled' });
    const atCancel = await callApi(stack, 'GET', `/v2/crawl/${id}?limit=1`);
    const fetchedAtCancel = site.pathsFetched().filter((path) => path.startsWith('/bulk/')).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const later = await callApi(stack, 'GET', `/v2/crawl/${id}?limit=1`);
    expect(later.body.status).toBe('cancelled');
    expect(later.body.creditsUsed).toBe(atCancel.body.creditsUsed);
    expect(later.body.completed).toBe(atCancel.body.completed);
    // At most the one page in flight at the cancel may still reach the site.
    expect(site.pathsFetched().filter((path) => path.startsWith('/bulk/')).length).toBeLessThanOrEqual(
      fetchedAtCancel + 1,
    );
    expect((later.body.completed as number) < 60).toBe(true);
    const active = await callApi(stack, 'GET', '/v2/crawl/active');
    expect((active.body.crawls as { id: string }[]).map((crawl) => crawl.id)).not.toContain(id);
  }, 60_000);
});

describe('GET /v2/crawl/active', () => {
  it("lists the team's running crawls with their options", async () => {
    const started = await callApi(stack, 'POST', '/v2/crawl', {
      url: `${site.origin}/bulk/0`,
      crawlEntireDomain: true,
      includePaths: ['^/bulk/'],
      sitemap: 'skip',
      delay: 1,
      limit: 5,
      scrapeOptions: { onlyMainContent: false },
    });
    const id = started.body.id as string;
    const active = await callApi(stack, 'GET', '/v2/crawl/active');
    expect(active.status).toBe(200);
    const mine = (
      active.body.crawls as { id: string; teamId: string; url: string; options: Record<string, unknown> }[]
    ).find((crawl) => crawl.id === id);
    expect(mine).toMatchObject({
      url: `${site.origin}/bulk/0`,
      options: { sitemap: 'skip', limit: 5, scrapeOptions: { onlyMainContent: false } },
    });
    expect(mine?.options.scrapeOptions).not.toHaveProperty('zeroDataRetention');
    await callApi(stack, 'DELETE', `/v2/crawl/${id}`);
  });
});

describe('webhooks', () => {
  it('delivers signed events in order, retrying a failing receiver with backoff', async () => {
    const secret = (await admin('webhook-secret', 'dev')).trim();
    receiver.failNext(2);
    const started = await callApi(stack, 'POST', '/v2/batch/scrape', {
      urls: [`${site.origin}/about`, `${site.origin}/blog`],
      webhook: { url: receiver.url, headers: { 'x-test': 'yes' }, metadata: { run: 7 } },
    });
    const id = started.body.id as string;
    await waitForJob(stack, `/v2/batch/scrape/${id}`);
    const events = await eventually(
      () => {
        const mine = receiver.received.filter((event) => event.body.id === id && event.answeredStatus === 200);
        if (mine.length < 4) throw new Error(`${mine.length} events delivered`);
        return mine;
      },
      { timeoutMs: 20_000 },
    );
    const types = events.map((event) => event.body.type);
    expect(types.filter((type) => type === 'batch_scrape.page')).toHaveLength(2);
    expect(types.filter((type) => type === 'batch_scrape.started')).toHaveLength(1);
    expect(types.filter((type) => type === 'batch_scrape.completed')).toHaveLength(1);
    const attempts = receiver.received.filter((event) => event.body.id === id);
    expect(attempts.filter((event) => event.answeredStatus === 500)).toHaveLength(2);
    for (const event of events) {
      expect(event.headers['x-firecrawl-signature']).toBe(
        `sha256=${createHmac('sha256', secret).update(event.rawBody).digest('hex')}`,
      );
      expect(event.headers['x-test']).toBe('yes');
      expect(event.body.metadata).toEqual({ run: 7 });
      expect(event.body.success).toBe(true);
    }
    const page = events.find((event) => event.body.type === 'batch_scrape.page');
    expect((page?.body.data[0] as { markdown: string }).markdown).toMatch(/# (About|Blog)/);
  }, 60_000);

  it('sends only the subscribed events, and one event for a cancel', async () => {
    const started = await callApi(stack, 'POST', '/v2/crawl', {
      url: `${site.origin}/bulk/0`,
      crawlEntireDomain: true,
      includePaths: ['^/bulk/'],
      sitemap: 'skip',
      maxConcurrency: 1,
      delay: 0.5,
      webhook: { url: receiver.url, events: ['completed', 'failed'] },
    });
    const id = started.body.id as string;
    await eventually(
      async () => {
        if (((await callApi(stack, 'GET', `/v2/crawl/${id}?limit=1`)).body.completed as number) < 2)
          throw new Error('not started');
      },
      { timeoutMs: 30_000 },
    );
    await callApi(stack, 'DELETE', `/v2/crawl/${id}`);
    await callApi(stack, 'DELETE', `/v2/crawl/${id}`);
    const events = await eventually(
      () => {
        const mine = receiver.received.filter((event) => event.body.id === id);
        if (mine.length === 0) throw new Error('no event yet');
        return mine;
      },
      { timeoutMs: 10_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.received.filter((event) => event.body.id === id)).toHaveLength(1);
    expect(events[0]?.body).toMatchObject({ type: 'crawl.failed', success: false, error: 'Job cancelled' });
  }, 60_000);
});

describe('bad input', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['an invalid includePaths pattern', '/v2/crawl', { url: 'http://a.test/', includePaths: ['('] }],
    ['an unknown field', '/v2/crawl', { url: 'http://a.test/', depth: 3 }],
    [
      'zeroDataRetention inside scrapeOptions',
      '/v2/crawl',
      { url: 'http://a.test/', scrapeOptions: { zeroDataRetention: true } },
    ],
    ['a zero limit', '/v2/crawl', { url: 'http://a.test/', limit: 0 }],
    ['an unknown sitemap mode', '/v2/crawl', { url: 'http://a.test/', sitemap: 'sometimes' }],
    ['a webhook that is not http', '/v2/crawl', { url: 'http://a.test/', webhook: { url: 'file:///etc/passwd' } }],
    [
      'an unknown webhook event',
      '/v2/crawl',
      { url: 'http://a.test/', webhook: { url: 'http://h.test/', events: ['everything'] } },
    ],
    ['a missing url', '/v2/crawl', {}],
    ['an empty URL list', '/v2/batch/scrape', { urls: [] }],
    ['URLs that are not strings', '/v2/batch/scrape', { urls: [42] }],
    ['no valid URL at all', '/v2/batch/scrape', { urls: ['not a url', 'http://'] }],
    ['a negative maxConcurrency', '/v2/batch/scrape', { urls: ['http://a.test/'], maxConcurrency: -1 }],
  ])('answers %s with a 400 body', async (_name, path, body) => {
    const response = await callApi(stack, 'POST', path, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(typeof response.body.error).toBe('string');
  });
});
