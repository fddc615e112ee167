import { ApiKeyVerifyRequest, ErrorCode, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { createLogger } from '@wh/platform/logging';
import { NatsClient, NatsRequester, serveRequests } from '@wh/platform/messaging';
import { connectInFreshNamespace } from './support/test-nats';

describe('request/reply on a real NATS server', () => {
  let nats: NatsClient;

  beforeEach(async () => {
    nats = await connectInFreshNamespace('request-reply-test');
  });

  afterEach(async () => {
    await nats.close();
  });

  it('answers a reply too large for one message with PAYLOAD_TOO_LARGE instead of leaving the caller to time out', async () => {
    const oversized = 'x'.repeat(nats.maxPayloadBytes + 1);
    const subscription = serveRequests(nats, createLogger('test', 'silent'), Subjects.apiKeyVerify, ApiKeyVerifyRequest, async () => ({ oversized }));
    try {
      const attempt = new NatsRequester(nats).request(Subjects.apiKeyVerify, { keyHash: 'a'.repeat(64) }, 10_000);
      await expect(attempt).rejects.toBeInstanceOf(DomainError);
      await expect(attempt).rejects.toMatchObject({ code: ErrorCode.PayloadTooLarge });
    } finally {
      subscription.unsubscribe();
    }
  });
});
