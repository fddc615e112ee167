import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { callApi, type FixtureServer, startFixtureServer } from '@wh/testing';
import { sharedStack } from './support/stack-env';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

const stack = sharedStack();

interface Operation {
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}
interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** Passes every request on to the gateway and keeps a copy, so the SDK talks to the real API. */
async function startRecordingProxy(target: string, recorded: RecordedRequest[]): Promise<Server> {
  const readBody = async (request: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', target);
      recorded.push({
        method: (request.method ?? 'GET').toLowerCase(),
        path: url.pathname,
        query: url.searchParams,
        body,
      });
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
      ) as Record<string, string>;
      const answer = await fetch(url, { method: request.method, headers, body: body.length > 0 ? body : undefined });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function templateMatcher(template: string): RegExp {
  const pattern = template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`);
}

describe('the OpenAPI document', () => {
  let document: Document;
  let site: FixtureServer;
  const ajv = addFormats(new Ajv2020({ strict: false, coerceTypes: true, allErrors: true }));

  beforeAll(async () => {
    site = await startFixtureServer();
    const response = await fetch(`${stack.baseUrl}/v2/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
    ajv.addSchema({ $id: 'openapi', components: document.components });
  });
  afterAll(async () => {
    await site.close();
  });

  /** The document's own references (`#/components/...`) point into the copy Ajv holds under the id `openapi`. */
  function compile(schema: unknown): ValidateFunction {
    return ajv.compile(
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as object,
    );
  }

  /** The operation a request goes to; literal segments win over parameters, as in the router. */
  function operationOf(method: string, path: string): [string, Operation] | undefined {
    const candidates = Object.entries(document.paths)
      .filter(([template, operations]) => operations[method] && templateMatcher(template).test(path))
      .sort(([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
    const [template, operations] = candidates[0] ?? [];
    return template && operations ? [template, operations[method]] : undefined;
  }

  function problemsOf(request: RecordedRequest): string[] {
    const found = operationOf(request.method, request.path);
    if (!found) return [`${request.method} ${request.path}: not in the document`];
    const [template, operation] = found;
    const problems: string[] = [];
    const check = (validate: ValidateFunction, value: unknown, where: string): void => {
      if (!validate(value)) problems.push(`${request.method} ${template} ${where}: ${ajv.errorsText(validate.errors)}`);
    };
    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    if (bodySchema) check(compile(bodySchema), JSON.parse(request.body), 'body');
    for (const name of request.query.keys()) {
      const parameter = operation.parameters.find((candidate) => candidate.in === 'query' && candidate.name === name);
      if (!parameter) problems.push(`${request.method} ${template}: query ${name} is not described`);
      else check(compile(parameter.schema), request.query.get(name), `query ${name}`);
    }
    return problems;
  }

  it('is OpenAPI 3.1, with an interactive page served from this host', async () => {
    expect(document.openapi).toBe('3.1.0');
    const page = await fetch(`${stack.baseUrl}/v2/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('/v2/docs/swagger-ui-bundle.js');
    const bundle = await fetch(`${stack.baseUrl}/v2/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it('names only routes the gateway routes to a handler', async () => {
    const unrouted: string[] = [];
    const sample: Record<string, string> = { asset: 'swagger-ui.css' };
    for (const [template, operations] of Object.entries(document.paths)) {
      const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => sample[name] ?? crypto.randomUUID());
      for (const [method, operation] of Object.entries(operations)) {
        // A WebSocket upgrade is routed before Nest's router sees the request; a plain GET of it is never routed.
        if ('101' in operation.responses) continue;
        // An unknown field makes every body route refuse before doing anything (no session, no job is started).
        const response = await callApi(
          stack,
          method.toUpperCase(),
          path,
          method === 'get' ? undefined : { unknown: 1 },
        );
        if (typeof response.body.error === 'string' && response.body.error.startsWith(`Cannot ${method.toUpperCase()}`))
          unrouted.push(`${method} ${template}`);
      }
    }
    expect(unrouted).toEqual([]);
  }, 60_000);

  it('accepts every request the official SDK sends', async () => {
    const recorded: RecordedRequest[] = [];
    const proxy = await startRecordingProxy(stack.baseUrl, recorded);
    const apiUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const firecrawl = new Firecrawl({ apiKey: stack.apiKey, apiUrl });
    const page = `${site.url}/article`;
    const quietly = (work: Promise<unknown>): Promise<unknown> => work.catch(() => undefined);
    try {
      const document = await firecrawl.scrape(page, {
        formats: ['markdown', 'links', { type: 'screenshot', fullPage: false }],
        onlyMainContent: true,
        maxAge: 0,
        timeout: 30_000,
        location: { country: 'US' },
        actions: [{ type: 'wait', milliseconds: 10 }],
      });
      expect(document.markdown).toContain('A market at the confluence');
      const crawl = await firecrawl.startCrawl(site.url, {
        limit: 2,
        maxDiscoveryDepth: 1,
        sitemap: 'skip',
        includePaths: ['^/article'],
        scrapeOptions: { formats: ['markdown'], maxAge: 0 },
      });
      await firecrawl.getCrawlStatus(crawl.id, { autoPaginate: false });
      await firecrawl.getCrawlErrors(crawl.id);
      await quietly(firecrawl.cancelCrawl(crawl.id));
      await firecrawl.getActiveCrawls();
      const batch = await firecrawl.startBatchScrape([page], { options: { formats: ['markdown'] } });
      await firecrawl.getBatchScrapeStatus(batch.id, { autoPaginate: false });
      await firecrawl.getBatchScrapeErrors(batch.id);
      await quietly(firecrawl.cancelBatchScrape(batch.id));
      await firecrawl.map(site.url, { limit: 10, sitemap: 'include', includeSubdomains: false });
      await quietly(firecrawl.search('rivers', { limit: 3, sources: ['web'] }));
      await quietly(firecrawl.startExtract({ urls: [page], prompt: 'the title', schema: { type: 'object' } }));
      await firecrawl.getCreditUsage();
      await firecrawl.getTokenUsage();
      await quietly(firecrawl.getCreditUsageHistorical(true));
      await quietly(firecrawl.getTokenUsageHistorical(false));
      await firecrawl.getQueueStatus();
      await firecrawl.getConcurrency();
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
    expect(recorded.length).toBeGreaterThan(15);
    expect(recorded.flatMap(problemsOf)).toEqual([]);
  }, 120_000);
});
