import { ApiKeyVerifyRequest, ErrorCode, FetchResourceRequest, LargePayloadBucket, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { createLogger } from '@wh/platform/logging';
import { NatsClient, NatsRequester, serveRequests } from '@wh/platform/messaging';
import { connectInFreshNamespace } from './support/test-nats';

describe('request/reply on a real NATS server', () => {
  let nats: NatsClient;
  const logger = createLogger('test', 'silent');

  beforeEach(async () => {
    nats = await connectInFreshNamespace('request-reply-test');
  });

  afterEach(async () => {
    await nats.manager.streams.delete(`OBJ_${nats.namespace.bucket(LargePayloadBucket.name)}`).catch(() => undefined);
    await nats.close();
  });

  it('carries a request and a reply larger than one message whole, through the object store, and empties it', async () => {
    const url = `https://example.test/${'p'.repeat(nats.maxPayloadBytes)}`;
    const subscription = serveRequests(nats, logger, Subjects.resourceFetch, FetchResourceRequest, async (request) => ({
      statusCode: 200,
      finalUrl: request.url,
      contentType: 'text/plain',
      bodyBase64: Buffer.from(request.url).toString('base64'),
    }));
    try {
      const reply = await new NatsRequester(nats).request(
        Subjects.resourceFetch,
        { url, maxBytes: 1, timeoutMs: 1 },
        10_000,
      );
      expect(reply).toEqual({
        statusCode: 200,
        finalUrl: url,
        contentType: 'text/plain',
        bodyBase64: Buffer.from(url).toString('base64'),
      });
      const bucket = await nats.jetstream.views.os(nats.namespace.bucket(LargePayloadBucket.name));
      const stored = (await bucket.list()).filter((entry) => !entry.deleted);
      expect(stored).toEqual([]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it("sends a handler's failure back as the caller's domain error", async () => {
    const subscription = serveRequests(nats, logger, Subjects.apiKeyVerify, ApiKeyVerifyRequest, async () => {
      throw new DomainError(ErrorCode.Unauthorized, 'Unauthorized: Invalid token');
    });
    try {
      const attempt = new NatsRequester(nats).request(Subjects.apiKeyVerify, { keyHash: 'a'.repeat(64) }, 10_000);
      await expect(attempt).rejects.toBeInstanceOf(DomainError);
      await expect(attempt).rejects.toMatchObject({
        code: ErrorCode.Unauthorized,
        message: 'Unauthorized: Invalid token',
      });
    } finally {
      subscription.unsubscribe();
    }
  });

  it('refuses a request that breaks its contract before the handler sees it', async () => {
    const handled: unknown[] = [];
    const subscription = serveRequests(nats, logger, Subjects.apiKeyVerify, ApiKeyVerifyRequest, async (request) => {
      handled.push(request);
      return { teamId: 't', keyId: 'k', concurrencyLimit: 1 };
    });
    try {
      const attempt = new NatsRequester(nats).request(
        Subjects.apiKeyVerify,
        { keyHash: 42 } as unknown as ApiKeyVerifyRequest,
        10_000,
      );
      await expect(attempt).rejects.toMatchObject({ code: ErrorCode.BadRequest });
      expect(handled).toEqual([]);
    } finally {
      subscription.unsubscribe();
    }
  });
});
