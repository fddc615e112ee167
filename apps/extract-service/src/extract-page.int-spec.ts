import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { sql } from 'kysely';
import { ErrorCode, type ExtractPageRequest, Subjects } from '@wh/contracts';
import { createLogger } from '@wh/platform/logging';
import { connectJetStreamTransport, NatsRequester } from '@wh/platform/messaging';
import { type FakeLlm, mediumInfrastructure, startFakeLlm, testDatabase, testNats } from '@wh/testing';
import { AnswerCache } from './cache/answer-cache';
import type { ExtractDatabase } from './database/extract-database';

// extract.page.run through a real NATS server and a Postgres database of its own, migrated like production: payload
// validation, the object store for a body above the max payload, the LLM answer cache in its table, and domain
// errors back over the wire.

const SCHEMA = {
  type: 'object',
  properties: { title: { type: 'string' }, price: { type: 'number' } },
  required: ['title'],
};

describe('extract-service on NATS and Postgres', () => {
  const database = testDatabase<ExtractDatabase>();
  const caller = testNats();
  let llm: FakeLlm;
  let app: INestApplication;

  const request = (overrides: Partial<ExtractPageRequest> = {}): ExtractPageRequest => ({
    teamId: 'team-1',
    url: 'https://shop.test/lamp',
    markdown: '# Aurora Desk Lamp\n\nOnly $1,299.00 this week.',
    formats: { json: { schema: SCHEMA } },
    deadlineAt: Date.now() + 20_000,
    zeroDataRetention: false,
    ...overrides,
  });
  const cachedRows = async (): Promise<number> =>
    Number(
      (
        await database.db
          .selectFrom('extract_llm_cache')
          .select(sql<string>`count(*)`.as('rows'))
          .executeTakeFirstOrThrow()
      ).rows,
    );

  beforeAll(async () => {
    llm = await startFakeLlm();
    // The service reads its settings from the environment when its module is loaded, as in production.
    Object.assign(process.env, {
      NATS_URL: mediumInfrastructure().natsUrl,
      WH_NAMESPACE: caller.client.namespace.prefix,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_CONTEXT_TOKENS: '4096',
      LLM_MAX_CHUNKS: '2',
    });
    const { ExtractServiceModule } = await import('./extract-service.module');
    app = await NestFactory.create(ExtractServiceModule, { logger: false });
    connectJetStreamTransport(app, { logger: createLogger('test', 'silent'), concurrency: {}, shutdownGraceMs: 1_000 });
    await app.startAllMicroservices();
    await app.init();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await llm?.close();
  }, 60_000);

  it('answers with the extracted value and usage, caches the answer, and serves it again without a call', async () => {
    llm.script({ kind: 'json', value: { title: 'Aurora Desk Lamp', price: 1299 } });
    const requester = new NatsRequester(caller.client);
    const reply = await requester.request(Subjects.extractPageRun, request(), 20_000);
    expect(reply).toEqual({
      json: { title: 'Aurora Desk Lamp', price: 1299 },
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number), calls: 1 },
      model: 'fake-model',
    });
    expect(llm.requests[0].body.response_format?.type).toBe('json_schema');
    // The answer is written behind the reply; the service's cache says when the write has landed.
    await app.get(AnswerCache).writesSettled();
    expect(await cachedRows()).toBe(1);

    const again = await requester.request(Subjects.extractPageRun, request(), 20_000);
    expect(again).toMatchObject({ json: { title: 'Aurora Desk Lamp', price: 1299 }, usage: { calls: 0 } });
    expect(llm.requests).toHaveLength(1);
  });

  it('neither reads nor writes the cache under zero data retention', async () => {
    const before = await cachedRows();
    llm.script({ kind: 'json', value: { title: 'Aurora Desk Lamp', price: 1299 } });
    const reply = await new NatsRequester(caller.client).request(
      Subjects.extractPageRun,
      request({ zeroDataRetention: true }),
      20_000,
    );
    expect(reply.usage.calls).toBe(1);
    await app.get(AnswerCache).writesSettled();
    expect(await cachedRows()).toBe(before);
  });

  it('takes a page larger than the NATS max payload through the object store, read in the parts LLM_MAX_CHUNKS allows', async () => {
    const paragraph = 'The lamp gives warm light for long evenings at the desk, and its dimmer turns smoothly. ';
    const markdown = Array.from({ length: 200 }, (_, index) => `## Section ${index}\n\n${paragraph.repeat(80)}`).join(
      '\n\n',
    );
    expect(Buffer.byteLength(markdown)).toBeGreaterThan(caller.client.maxPayloadBytes);
    llm.otherwise(() => ({ kind: 'json', value: { title: 'Aurora Desk Lamp', price: null } }));
    const calls = llm.requests.length;
    const reply = await new NatsRequester(caller.client).request(
      Subjects.extractPageRun,
      request({ markdown, zeroDataRetention: true }),
      30_000,
    );
    expect(reply).toMatchObject({ json: { title: 'Aurora Desk Lamp' }, usage: { calls: 2 } });
    expect(reply.warning).toMatch(/only the first 2 were read \(LLM_MAX_CHUNKS=2\)/);
    expect(llm.requests.length - calls).toBe(2);
  });

  it("sends a broken schema back as BAD_REQUEST with Ajv's messages", async () => {
    const attempt = new NatsRequester(caller.client).request(
      Subjects.extractPageRun,
      request({ formats: { json: { schema: { type: 'object', properties: { price: { type: 'money' } } } } } }),
      20_000,
    );
    await expect(attempt).rejects.toMatchObject({
      code: ErrorCode.BadRequest,
      details: { problems: expect.arrayContaining([expect.stringContaining('schema/properties/price/type')]) },
    });
  });

  it('refuses a request that breaks its contract before the handler runs', async () => {
    const calls = llm.requests.length;
    const broken = { ...request(), deadlineAt: 'soon' } as unknown as ExtractPageRequest;
    await expect(
      new NatsRequester(caller.client).request(Subjects.extractPageRun, broken, 20_000),
    ).rejects.toMatchObject({
      code: ErrorCode.BadRequest,
    });
    expect(llm.requests.length).toBe(calls);
  });

  it('sends the output failure after a repair round as LLM_OUTPUT_INVALID', async () => {
    llm.otherwise(() => ({ kind: 'status', status: 500 }));
    llm.script({ kind: 'json', value: { price: 'cheap' } }, { kind: 'json', value: { price: 'cheaper' } });
    const attempt = new NatsRequester(caller.client).request(
      Subjects.extractPageRun,
      request({ markdown: '# Another lamp', zeroDataRetention: true }),
      20_000,
    );
    await expect(attempt).rejects.toMatchObject({ code: ErrorCode.LlmOutputInvalid, details: { task: 'extract' } });
  });
});
