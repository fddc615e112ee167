import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ErrorCode, Subjects, type WebSearchRequest } from '@wh/contracts';
import { createLogger } from '@wh/platform/logging';
import { connectJetStreamTransport, NatsRequester } from '@wh/platform/messaging';
import { type FakeSearch, mediumInfrastructure, pagedResults, startFakeSearch, testNats } from '@wh/testing';

// search.web.query through a real NATS server, answered by the module as production wires it, from a scripted
// SearXNG-compatible server on loopback: payload validation, the filters reaching SearXNG, and domain errors back
// over the wire.

describe('web search on NATS', () => {
  const caller = testNats();
  let searxng: FakeSearch;
  let app: INestApplication;

  const request = (overrides: Partial<WebSearchRequest> = {}): WebSearchRequest => ({
    teamId: 'team-1',
    query: 'heron kettle',
    limit: 3,
    sources: ['web'],
    deadlineAt: Date.now() + 10_000,
    ...overrides,
  });
  const ask = (payload: WebSearchRequest) =>
    new NatsRequester(caller.client).request(Subjects.webSearch, payload, 15_000);

  beforeAll(async () => {
    searxng = await startFakeSearch();
    // No table is touched by search: the admin database is enough for the readiness check.
    Object.assign(process.env, {
      NATS_URL: mediumInfrastructure().natsUrl,
      WH_NAMESPACE: caller.client.namespace.prefix,
      DATABASE_URL: mediumInfrastructure().postgresAdminUrl,
      LOG_LEVEL: 'silent',
      SEARCH_URL: searxng.url,
      SEARCH_TIMEOUT_MS: '500',
    });
    const { ExtractServiceModule } = await import('../extract-service.module');
    app = await NestFactory.create(ExtractServiceModule, { logger: false });
    connectJetStreamTransport(app, { logger: createLogger('test', 'silent'), concurrency: {}, shutdownGraceMs: 1_000 });
    await app.startAllMicroservices();
    await app.init();
  }, 60_000);

  afterEach(() => searxng.reset());
  afterAll(async () => {
    await app?.close();
    await searxng?.close();
  }, 60_000);

  it('answers the results of the configured SearXNG, filtered by domain', async () => {
    searxng.otherwise(
      pagedResults([
        { url: 'https://shop.example/kettle', title: 'Heron Kettle', content: 'Boils a litre' },
        { url: 'https://elsewhere.example/kettle', title: 'Another kettle' },
        { url: 'https://www.shop.example/kettle/manual', title: 'Manual' },
      ]),
    );
    const reply = await ask(request({ includeDomains: ['shop.example'], tbs: 'qdr:m' }));
    expect(reply).toEqual({
      web: [
        { url: 'https://shop.example/kettle', title: 'Heron Kettle', description: 'Boils a litre', position: 1 },
        { url: 'https://www.shop.example/kettle/manual', title: 'Manual', position: 2 },
      ],
    });
    expect(searxng.requests[0].query).toMatchObject({
      q: 'heron kettle site:shop.example',
      categories: 'general',
      time_range: 'month',
    });
  });

  it('refuses a malformed request before asking SearXNG', async () => {
    await expect(ask(request({ limit: 101 }))).rejects.toMatchObject({ code: ErrorCode.BadRequest });
    await expect(ask(request({ query: ' ' }))).rejects.toMatchObject({ code: ErrorCode.BadRequest });
    await expect(ask(request({ includeDomains: ['https://shop.example/'] }))).rejects.toMatchObject({
      code: ErrorCode.BadRequest,
    });
    expect(searxng.requests).toHaveLength(0);
  });

  it('sends back SEARCH_UNAVAILABLE when SearXNG keeps failing, with the status and attempts', async () => {
    searxng.otherwise(() => ({ kind: 'status', status: 503 }));
    await expect(ask(request())).rejects.toMatchObject({
      code: ErrorCode.SearchUnavailable,
      details: { status: 503, attempts: 3 },
    });
  });

  it('sends back SEARCH_TIMEOUT when SearXNG hangs, within the deadline', async () => {
    searxng.otherwise(() => ({ kind: 'hang' }));
    const deadlineAt = Date.now() + 2_000;
    await expect(ask(request({ deadlineAt }))).rejects.toMatchObject({ code: ErrorCode.SearchTimeout });
    expect(Date.now()).toBeLessThan(deadlineAt + 1_000);
  });
});
