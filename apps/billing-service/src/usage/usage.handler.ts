import { Controller, Inject } from '@nestjs/common';
import { Consumers, UsageBatchRecordedEvent, UsageRecordedEvent } from '@wh/contracts';
import { ConsumeStream, PreserveRpcErrors } from '@wh/platform/messaging';
import { UsageRepository } from './usage.repository';

@Controller()
@PreserveRpcErrors()
export class UsageHandler {
  constructor(@Inject(UsageRepository) private readonly usage: UsageRepository) {}

  @ConsumeStream(Consumers.billingUsage)
  async record(event: UsageRecordedEvent): Promise<void> {
    await this.usage.record([{ ...event, occurredAt: new Date(event.occurredAt) }]);
  }

  @ConsumeStream(Consumers.billingUsageBatches)
  async recordBatch(batch: UsageBatchRecordedEvent): Promise<void> {
    await this.usage.record(batch.charges.map((charge) => ({ ...charge, occurredAt: new Date(charge.occurredAt) })));
  }
}
