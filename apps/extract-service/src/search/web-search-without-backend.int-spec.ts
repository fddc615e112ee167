import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ErrorCode, Subjects } from '@wh/contracts';
import { createLogger } from '@wh/platform/logging';
import { connectJetStreamTransport, NatsRequester } from '@wh/platform/messaging';
import { mediumInfrastructure, testNats } from '@wh/testing';

// The service as a deployment without a search backend runs it, on a real NATS server. (Its own file: the settings
// are read when the module loads.)

describe('web search without a backend, on NATS', () => {
  const caller = testNats();
  let app: INestApplication;

  beforeAll(async () => {
    Object.assign(process.env, {
      NATS_URL: mediumInfrastructure().natsUrl,
      WH_NAMESPACE: caller.client.namespace.prefix,
      DATABASE_URL: mediumInfrastructure().postgresAdminUrl,
      LOG_LEVEL: 'silent',
    });
    delete process.env.SEARCH_URL;
    const { ExtractServiceModule } = await import('../extract-service.module');
    app = await NestFactory.create(ExtractServiceModule, { logger: false });
    connectJetStreamTransport(app, { logger: createLogger('test', 'silent'), concurrency: {}, shutdownGraceMs: 1_000 });
    await app.startAllMicroservices();
    await app.init();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
  }, 60_000);

  it('answers SEARCH_NOT_CONFIGURED, naming SEARCH_URL', async () => {
    const attempt = new NatsRequester(caller.client).request(
      Subjects.webSearch,
      { teamId: 'team-1', query: 'kettle', limit: 5, sources: ['web'], deadlineAt: Date.now() + 5_000 },
      10_000,
    );
    await expect(attempt).rejects.toMatchObject({
      code: ErrorCode.SearchNotConfigured,
      message: expect.stringContaining('SEARCH_URL'),
      details: { setting: 'SEARCH_URL' },
    });
  });
});
