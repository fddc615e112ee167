import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ErrorCode, type ExtractPageRequest, Subjects } from '@wh/contracts';
import { createLogger } from '@wh/platform/logging';
import { connectJetStreamTransport, NatsRequester } from '@wh/platform/messaging';
import { mediumInfrastructure, testNats } from '@wh/testing';

// The service as a deployment without a model runs it, on a real NATS server: the deterministic extractor answers,
// and a prompt alone is refused with the settings named. (Its own file: the settings are read when the module loads.)

describe('extract-service without an LLM, on NATS', () => {
  const caller = testNats();
  let app: INestApplication;

  const request = (overrides: Partial<ExtractPageRequest> = {}): ExtractPageRequest => ({
    teamId: 'team-1',
    url: 'https://shop.test/lamp',
    markdown: '# Aurora Desk Lamp',
    html: `<html><head><script type="application/ld+json">{"@type": "Product", "name": "Aurora Desk Lamp",
      "offers": {"price": "1,299.00"}}</script></head><body><h1>Aurora Desk Lamp</h1></body></html>`,
    formats: {
      json: { schema: { type: 'object', properties: { title: { type: 'string' }, price: { type: 'number' } } } },
    },
    deadlineAt: Date.now() + 20_000,
    zeroDataRetention: false,
    ...overrides,
  });

  beforeAll(async () => {
    // No table is touched without a model: the admin database is enough for the readiness check.
    Object.assign(process.env, {
      NATS_URL: mediumInfrastructure().natsUrl,
      WH_NAMESPACE: caller.client.namespace.prefix,
      DATABASE_URL: mediumInfrastructure().postgresAdminUrl,
      LOG_LEVEL: 'silent',
    });
    for (const key of [
      'LLM_BASE_URL',
      'LLM_MODEL',
      'OPENAI_BASE_URL',
      'OPENAI_API_KEY',
      'MODEL_NAME',
      'OLLAMA_BASE_URL',
    ])
      delete process.env[key];
    const { ExtractServiceModule } = await import('./extract-service.module');
    app = await NestFactory.create(ExtractServiceModule, { logger: false });
    connectJetStreamTransport(app, { logger: createLogger('test', 'silent'), concurrency: {}, shutdownGraceMs: 1_000 });
    await app.startAllMicroservices();
    await app.init();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
  }, 60_000);

  it("fills the schema from the page's structured data and says it ran without a model", async () => {
    const reply = await new NatsRequester(caller.client).request(Subjects.extractPageRun, request(), 20_000);
    expect(reply).toEqual({
      json: { title: 'Aurora Desk Lamp', price: 1299 },
      warning: expect.stringMatching(/^extracted without an LLM: filled 2 of 2 fields from the page's JSON-LD/),
      usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
    });
  });

  it('refuses a prompt without a schema with LLM_NOT_CONFIGURED, naming the settings', async () => {
    const attempt = new NatsRequester(caller.client).request(
      Subjects.extractPageRun,
      request({ formats: { json: { prompt: 'the price' } } }),
      20_000,
    );
    await expect(attempt).rejects.toMatchObject({
      code: ErrorCode.LlmNotConfigured,
      message: expect.stringContaining('LLM_BASE_URL'),
    });
  });
});
