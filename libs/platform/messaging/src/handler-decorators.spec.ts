import {
  Consumers,
  type ApiKeyVerifyReply,
  ApiKeyVerifyRequest,
  Subjects,
  UsageBatchRecordedEvent,
  UsageRecordedEvent,
} from '@wh/contracts';
import { ConsumeStream, HandleRequest } from './handler-decorators';

// The decorators' value is in what does not compile: each `@ts-expect-error` below fails the typecheck (part of
// `npm test`) if a handler whose payload or reply drifted from its contract were accepted.
class Handlers {
  @HandleRequest(Subjects.apiKeyVerify)
  async verify(request: ApiKeyVerifyRequest): Promise<ApiKeyVerifyReply> {
    return { teamId: request.keyHash, keyId: 'k', concurrencyLimit: 1 };
  }

  // @ts-expect-error the reply is not the contract's ApiKeyVerifyReply
  @HandleRequest(Subjects.apiKeyVerify)
  async verifyWithWrongReply(_request: ApiKeyVerifyRequest): Promise<{ team: string }> {
    return { team: 't' };
  }

  // @ts-expect-error the payload is another subject's
  @HandleRequest(Subjects.apiKeyVerify)
  async verifyWrongPayload(_request: UsageRecordedEvent): Promise<ApiKeyVerifyReply> {
    return { teamId: 't', keyId: 'k', concurrencyLimit: 1 };
  }

  @ConsumeStream(Consumers.billingUsage)
  async record(_event: UsageRecordedEvent): Promise<void> {}

  // @ts-expect-error the consumer reads usage events, not batches
  @ConsumeStream(Consumers.billingUsage)
  async recordWrongPayload(_batch: UsageBatchRecordedEvent): Promise<void> {}
}

describe('HandleRequest / ConsumeStream', () => {
  it('register the handlers as Nest message patterns', () => {
    const patterns = (name: keyof Handlers): unknown =>
      Reflect.getMetadata('microservices:pattern', Handlers.prototype[name]);
    expect(patterns('verify')).toEqual([Subjects.apiKeyVerify]);
    expect(patterns('record')).toEqual([Consumers.billingUsage.durableName]);
  });
});
