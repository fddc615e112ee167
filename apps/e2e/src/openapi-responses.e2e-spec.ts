import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {
  type ApiResponse,
  callApi,
  type CrawlSite,
  eventually,
  type FakeSearch,
  pagedResults,
  startFakeSearch,
} from '@wh/testing';
import { startOwnCrawlSite, waitForJob } from './support/crawl-helpers';
import { useOwnStack } from './support/own-stack';
import { sharedStack } from './support/stack-env';

const stack = sharedStack();

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}

/** One reply the gateway sent, with the route it answered (as the document names it). */
interface Reply {
  method: string;
  template: string;
  response: Pick<ApiResponse, 'status' | 'body'>;
}

const PAGE_HTML = `<!DOCTYPE html><html><head><title>Harbour notes</title></head><body>
<article><h1>The old harbour</h1><p>Boats have left the old harbour at dawn for three hundred years.</p></article>
</body></html>`;

describe('the replies the gateway sends', () => {
  let document: Document;
  let site: CrawlSite;
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  const replies: Reply[] = [];

  beforeAll(async () => {
    site = await startOwnCrawlSite();
    const response = await fetch(`${stack.baseUrl}/v2/openapi.json`);
    document = (await response.json()) as Document;
    ajv.addSchema({ $id: 'openapi', components: document.components });
  });
  afterAll(async () => {
    await site.close();
  });

  /** Calls the gateway and keeps the reply for validation against `template`'s documented success body. */
  async function call(
    method: string,
    template: string,
    path: string,
    body?: unknown,
    gateway: Pick<typeof stack, 'baseUrl' | 'apiKey'> = stack,
  ): Promise<ApiResponse> {
    const response = await callApi(gateway, method, path, body);
    replies.push({ method: method.toLowerCase(), template, response });
    return response;
  }

  function successSchema(reply: Reply): ValidateFunction | string {
    const operation = document.paths[reply.template]?.[reply.method];
    if (!operation) return `${reply.method} ${reply.template} is not in the document`;
    const success = operation.responses[String(reply.response.status)];
    const schema = success?.content?.['application/json']?.schema;
    if (!schema || !/^2/.test(String(reply.response.status))) {
      return `${reply.method} ${reply.template} answered ${reply.response.status}, not a documented success: ${JSON.stringify(reply.response.body).slice(0, 300)}`;
    }
    if (JSON.stringify(schema) === '{}') return `${reply.method} ${reply.template}: its success body has no schema`;
    return ajv.compile(
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as object,
    );
  }

  /** Every kept reply against its schema: what fails, with where and why. */
  function problems(): string[] {
    return replies.flatMap((reply) => {
      const validate = successSchema(reply);
      if (typeof validate === 'string') return [validate];
      if (validate(reply.response.body)) return [];
      return [`${reply.method} ${reply.template}: ${ajv.errorsText(validate.errors)}`];
    });
  }

  it('match the document: scrape, parse, map, crawl and batch jobs, extract, team', async () => {
    const page = `${site.origin}/docs`;
    await call('POST', '/v2/scrape', '/v2/scrape', {
      url: page,
      formats: ['markdown', 'html', 'links'],
      maxAge: 0,
    });

    const form = new FormData();
    form.append('options', JSON.stringify({ formats: ['markdown'] }));
    form.append('file', new Blob([PAGE_HTML], { type: 'text/html' }), 'harbour.html');
    const parsed = await fetch(`${stack.baseUrl}/v2/parse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.apiKey}` },
      body: form,
    });
    replies.push({
      method: 'post',
      template: '/v2/parse',
      response: { status: parsed.status, body: (await parsed.json()) as Record<string, unknown> },
    });

    await call('POST', '/v2/map', '/v2/map', { url: site.origin, limit: 10, sitemap: 'skip' });

    const crawl = await call('POST', '/v2/crawl', '/v2/crawl', {
      url: page,
      limit: 3,
      sitemap: 'skip',
      scrapeOptions: { formats: ['markdown'], maxAge: 0 },
    });
    const crawlId = crawl.body.id as string;
    await call('GET', '/v2/crawl/active', '/v2/crawl/active');
    await waitForJob(stack, `/v2/crawl/${crawlId}`);
    await call('GET', '/v2/crawl/{id}', `/v2/crawl/${crawlId}`);
    await call('GET', '/v2/crawl/{id}', `/v2/crawl/${crawlId}?limit=1`);
    await call('GET', '/v2/crawl/{id}/errors', `/v2/crawl/${crawlId}/errors`);

    const batch = await call('POST', '/v2/batch/scrape', '/v2/batch/scrape', {
      urls: [page, `${site.origin}/missing-page-${Date.now()}`, 'not a url'],
      ignoreInvalidURLs: true,
      formats: ['markdown'],
      maxAge: 0,
    });
    const batchId = batch.body.id as string;
    await call('DELETE', '/v2/batch/scrape/{id}', `/v2/batch/scrape/${batchId}`);
    await call('GET', '/v2/batch/scrape/{id}', `/v2/batch/scrape/${batchId}`);
    await call('GET', '/v2/batch/scrape/{id}/errors', `/v2/batch/scrape/${batchId}/errors`);

    // With a schema and no model, the page's structured data is read: the job runs on the shared stack.
    const extract = await call('POST', '/v2/extract', '/v2/extract', {
      urls: [page],
      schema: { type: 'object', properties: { title: { type: 'string' } } },
    });
    const extractId = extract.body.id as string;
    await eventually(
      async () => {
        const status = await callApi(stack, 'GET', `/v2/extract/${extractId}`);
        if (status.body.status === 'processing') throw new Error('still processing');
      },
      { timeoutMs: 60_000, intervalMs: 300 },
    );
    await call('GET', '/v2/extract/{id}', `/v2/extract/${extractId}`);

    await call('GET', '/v2/team/credit-usage', '/v2/team/credit-usage');
    await call('GET', '/v2/team/credit-usage/historical', '/v2/team/credit-usage/historical');
    await call('GET', '/v2/team/credit-usage/historical', '/v2/team/credit-usage/historical?byApiKey=true');
    await call('GET', '/v2/team/token-usage', '/v2/team/token-usage');
    await call('GET', '/v2/team/token-usage/historical', '/v2/team/token-usage/historical?byApiKey=true');
    await call('GET', '/v2/team/queue-status', '/v2/team/queue-status');
    await call('GET', '/v2/concurrency-check', '/v2/concurrency-check');

    expect(replies.length).toBeGreaterThanOrEqual(20);
    expect(problems()).toEqual([]);
  }, 180_000);

  it('match the document: a browser session created, listed, read and deleted', async () => {
    replies.length = 0;
    const created = await call('POST', '/v2/browser', '/v2/browser', { ttl: 60, streamWebView: true });
    const id = created.body.id as string;
    try {
      await call('GET', '/v2/browser', '/v2/browser');
      await call('GET', '/v2/browser/{id}', `/v2/browser/${id}`);
    } finally {
      await call('DELETE', '/v2/browser/{id}', `/v2/browser/${id}`);
    }
    await call('GET', '/v2/browser', '/v2/browser?status=destroyed');
    expect(problems()).toEqual([]);
  }, 120_000);

  // The shared stack has no search backend; this one asks a fake SearXNG.
  describe('with a search backend', () => {
    let searxng: FakeSearch;
    beforeAll(async () => {
      searxng = await startFakeSearch();
    });
    afterAll(async () => {
      await searxng?.close();
    });
    const own = useOwnStack(
      'openapi-search',
      ['api-gateway', 'scrape-worker', 'extract-service', 'billing-service'],
      () => ({
        SEARCH_URL: searxng.url,
      }),
    );

    it('match the document: search, with and without scraping the results', async () => {
      replies.length = 0;
      const site = own.site().url;
      searxng.otherwise(
        pagedResults([
          { url: `${site}/article`, title: 'The Rivers That Made the City', content: 'How two rivers made a town' },
          { url: `${site}/recipes/soup`, title: 'Leek and Potato Soup', content: 'A winter soup' },
        ]),
      );
      await call('POST', '/v2/search', '/v2/search', { query: 'rivers', limit: 2 }, own.stack());
      await call(
        'POST',
        '/v2/search',
        '/v2/search',
        { query: 'rivers', limit: 2, scrapeOptions: { formats: ['markdown'], maxAge: 0 } },
        own.stack(),
      );
      expect(replies.map((reply) => reply.response.status)).toEqual([200, 200]);
      expect(problems()).toEqual([]);
    }, 60_000);
  });

  it('a reply that drifts from its class fails the check', () => {
    replies.length = 0;
    const status = { success: true, status: 'completed', total: 1, completed: 1, creditsUsed: 1, expiresAt: 'x' };
    const drifted = (body: Record<string, unknown>): Reply => ({
      method: 'get',
      template: '/v2/crawl/{id}',
      response: { status: 200, body },
    });
    replies.push(drifted({ ...status, data: [] }));
    expect(problems()).toEqual([]);
    replies.push(drifted({ ...status, data: [], pages: 1 }), drifted({ ...status, data: [{ markdown: 'x' }] }));
    expect(problems()).toEqual([
      expect.stringContaining('must NOT have additional properties'),
      expect.stringContaining("must have required property 'metadata'"),
    ]);
  });
});
