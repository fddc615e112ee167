import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type CrawlOptionsFromPromptRequest, ErrorCode, Subjects } from '@wh/contracts';
import { createLogger } from '@wh/platform/logging';
import { connectJetStreamTransport, NatsRequester } from '@wh/platform/messaging';
import { type FakeLlm, mediumInfrastructure, startFakeLlm, testDatabase, testNats } from '@wh/testing';
import { AnswerCache } from '../cache/answer-cache';
import type { ExtractDatabase } from '../database/extract-database';

// extract.crawl-options.generate through a real NATS server into the extract-service module, with its answer cache
// in a Postgres database of its own: payload validation, the model's answer read and cached, errors over the wire.

describe('crawl prompts on NATS and Postgres', () => {
  const database = testDatabase<ExtractDatabase>();
  const caller = testNats();
  let llm: FakeLlm;
  let app: INestApplication;

  const request = (overrides: Partial<CrawlOptionsFromPromptRequest> = {}): CrawlOptionsFromPromptRequest => ({
    teamId: 'team-1',
    url: 'https://docs.example.test/guide',
    prompt: 'only the API reference, two levels deep',
    deadlineAt: Date.now() + 20_000,
    zeroDataRetention: false,
    ...overrides,
  });

  beforeAll(async () => {
    llm = await startFakeLlm();
    Object.assign(process.env, {
      NATS_URL: mediumInfrastructure().natsUrl,
      WH_NAMESPACE: caller.client.namespace.prefix,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
    });
    const { ExtractServiceModule } = await import('../extract-service.module');
    app = await NestFactory.create(ExtractServiceModule, { logger: false });
    connectJetStreamTransport(app, { logger: createLogger('test', 'silent'), concurrency: {}, shutdownGraceMs: 1_000 });
    await app.startAllMicroservices();
    await app.init();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await llm?.close();
  }, 60_000);

  it('answers the options, caches them by site and prompt, and serves them again without a call', async () => {
    llm.script({ kind: 'json', value: { includePaths: ['^/guide/api/'], maxDiscoveryDepth: 2 } });
    const requester = new NatsRequester(caller.client);
    const reply = await requester.request(Subjects.crawlOptionsFromPrompt, request(), 20_000);
    expect(reply).toEqual({
      options: { includePaths: ['^/guide/api/'], maxDiscoveryDepth: 2 },
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number), calls: 1 },
      model: 'fake-model',
    });
    await app.get(AnswerCache).writesSettled();
    const rows = await database.db.selectFrom('extract_llm_cache').select('task').execute();
    expect(rows).toEqual([{ task: 'crawl-options' }]);

    const again = await requester.request(Subjects.crawlOptionsFromPrompt, request(), 20_000);
    expect(again).toMatchObject({ options: { includePaths: ['^/guide/api/'] }, usage: { calls: 0 } });
    expect(llm.requests).toHaveLength(1);
  });

  it('refuses an empty prompt before the handler runs', async () => {
    await expect(
      new NatsRequester(caller.client).request(Subjects.crawlOptionsFromPrompt, request({ prompt: '' }), 20_000),
    ).rejects.toMatchObject({ code: ErrorCode.BadRequest });
    expect(llm.requests).toHaveLength(1);
  });

  it('sends LLM_OUTPUT_INVALID back over the wire when the answer never fits', async () => {
    llm.script({ kind: 'json', value: { limit: -1 } }, { kind: 'json', value: { limit: 'all' } });
    await expect(
      new NatsRequester(caller.client).request(
        Subjects.crawlOptionsFromPrompt,
        request({ prompt: 'everything', zeroDataRetention: true }),
        20_000,
      ),
    ).rejects.toMatchObject({ code: ErrorCode.LlmOutputInvalid, details: { task: 'crawl-options' } });
  });
});
