import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect, sql } from 'kysely';
import { Client, Pool } from 'pg';
import { ErrorCode, type ExtractPageRequest, Subjects } from '@wh/contracts';
import { createLogger } from '@wh/platform/logging';
import { connectJetStreamTransport, NatsClient, NatsRequester } from '@wh/platform/messaging';
import { type FakeLlm, type ProvidedInfrastructure, provideInfrastructure, startFakeLlm } from '@wh/testing';
import type { ExtractDatabase } from './database/extract-database';

// extract.page.run through a real NATS server (the machine's, or a private one) and a real Postgres database of its
// own, migrated like production: payload validation, the object store for a body above the max payload, the LLM
// answer cache in its table, and domain errors back over the wire.

const MIGRATIONS = path.join(__dirname, '../../../libs/platform/database/migrations');

/** The migrations folder read through jest's module system (kysely's own provider imports files natively). */
const migrationFiles: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const file of (await fs.readdir(MIGRATIONS)).filter((name) => name.endsWith('.ts')).sort()) {
      migrations[file.replace(/\.ts$/, '')] = (await import(path.join(MIGRATIONS, file))) as Migration;
    }
    return migrations;
  },
};

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const SCHEMA = {
  type: 'object',
  properties: { title: { type: 'string' }, price: { type: 'number' } },
  required: ['title'],
};

describe('extract-service on NATS and Postgres', () => {
  const runId = randomBytes(4).toString('hex');
  const namespace = `t_extract_${runId}`;
  const database = `wh_extract_${runId}`;
  let infrastructure: ProvidedInfrastructure;
  let llm: FakeLlm;
  let app: INestApplication;
  let nats: NatsClient;
  let db: Kysely<ExtractDatabase>;

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
        await db
          .selectFrom('extract_llm_cache')
          .select(sql<string>`count(*)`.as('rows'))
          .executeTakeFirstOrThrow()
      ).rows,
    );

  beforeAll(async () => {
    infrastructure = await provideInfrastructure();
    llm = await startFakeLlm();
    await adminQuery(infrastructure.postgresAdminUrl, `create database ${database}`);
    const databaseUrl = new URL(infrastructure.postgresAdminUrl);
    databaseUrl.pathname = `/${database}`;
    db = new Kysely<ExtractDatabase>({
      dialect: new PostgresDialect({ pool: new Pool({ connectionString: databaseUrl.toString(), max: 2 }) }),
    });
    const { error } = await new Migrator({ db, provider: migrationFiles }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);

    // The service reads its settings from the environment when its module is loaded, as in production.
    Object.assign(process.env, {
      NATS_URL: infrastructure.natsUrl,
      WH_NAMESPACE: namespace,
      DATABASE_URL: databaseUrl.toString(),
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
    nats = await NatsClient.connect({ servers: infrastructure.natsUrl, namespace, serviceName: 'extract-test-caller' });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    if (nats) {
      for await (const stream of nats.manager.streams.list()) {
        if (stream.config.name.includes(namespace) || stream.config.name.startsWith(`${namespace.toUpperCase()}_`)) {
          await nats.manager.streams.delete(stream.config.name);
        }
      }
      await nats.close();
    }
    await db?.destroy();
    if (infrastructure) {
      await adminQuery(infrastructure.postgresAdminUrl, `drop database if exists ${database} with (force)`);
      await infrastructure.stop();
    }
    await llm?.close();
  }, 60_000);

  it('answers with the extracted value and usage, caches the answer, and serves it again without a call', async () => {
    llm.script({ kind: 'json', value: { title: 'Aurora Desk Lamp', price: 1299 } });
    const requester = new NatsRequester(nats);
    const reply = await requester.request(Subjects.extractPageRun, request(), 20_000);
    expect(reply).toEqual({
      json: { title: 'Aurora Desk Lamp', price: 1299 },
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number), calls: 1 },
      model: 'fake-model',
    });
    expect(llm.requests[0].body.response_format?.type).toBe('json_schema');
    expect(await cachedRows()).toBe(1);

    const again = await requester.request(Subjects.extractPageRun, request(), 20_000);
    expect(again).toMatchObject({ json: { title: 'Aurora Desk Lamp', price: 1299 }, usage: { calls: 0 } });
    expect(llm.requests).toHaveLength(1);
  });

  it('neither reads nor writes the cache under zero data retention', async () => {
    const before = await cachedRows();
    llm.script({ kind: 'json', value: { title: 'Aurora Desk Lamp', price: 1299 } });
    const reply = await new NatsRequester(nats).request(
      Subjects.extractPageRun,
      request({ zeroDataRetention: true }),
      20_000,
    );
    expect(reply.usage.calls).toBe(1);
    expect(await cachedRows()).toBe(before);
  });

  it('takes a page larger than the NATS max payload through the object store, read in the parts LLM_MAX_CHUNKS allows', async () => {
    const paragraph = 'The lamp gives warm light for long evenings at the desk, and its dimmer turns smoothly. ';
    const markdown = Array.from({ length: 200 }, (_, index) => `## Section ${index}\n\n${paragraph.repeat(80)}`).join(
      '\n\n',
    );
    expect(Buffer.byteLength(markdown)).toBeGreaterThan(nats.maxPayloadBytes);
    llm.otherwise(() => ({ kind: 'json', value: { title: 'Aurora Desk Lamp', price: null } }));
    const calls = llm.requests.length;
    const reply = await new NatsRequester(nats).request(
      Subjects.extractPageRun,
      request({ markdown, zeroDataRetention: true }),
      30_000,
    );
    expect(reply).toMatchObject({ json: { title: 'Aurora Desk Lamp' }, usage: { calls: 2 } });
    expect(reply.warning).toMatch(/only the first 2 were read \(LLM_MAX_CHUNKS=2\)/);
    expect(llm.requests.length - calls).toBe(2);
  });

  it("sends a broken schema back as BAD_REQUEST with Ajv's messages", async () => {
    const attempt = new NatsRequester(nats).request(
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
    await expect(new NatsRequester(nats).request(Subjects.extractPageRun, broken, 20_000)).rejects.toMatchObject({
      code: ErrorCode.BadRequest,
    });
    expect(llm.requests.length).toBe(calls);
  });

  it('sends the output failure after a repair round as LLM_OUTPUT_INVALID', async () => {
    llm.otherwise(() => ({ kind: 'status', status: 500 }));
    llm.script({ kind: 'json', value: { price: 'cheap' } }, { kind: 'json', value: { price: 'cheaper' } });
    const attempt = new NatsRequester(nats).request(
      Subjects.extractPageRun,
      request({ markdown: '# Another lamp', zeroDataRetention: true }),
      20_000,
    );
    await expect(attempt).rejects.toMatchObject({ code: ErrorCode.LlmOutputInvalid, details: { task: 'extract' } });
  });
});
