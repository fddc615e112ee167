import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { Consumers, UsageBatchRecordedEvent, UsageRecordedEvent } from '@wh/contracts';
import { PreserveRpcErrors } from '@wh/platform/messaging';
import { UsageRepository } from './usage.repository';

@Controller()
@PreserveRpcErrors()
export class UsageHandler {
  constructor(@Inject(UsageRepository) private readonly usage: UsageRepository) {}

  @EventPattern(Consumers.billingUsage.durableName)
  async record(@Payload() event: UsageRecordedEvent): Promise<void> {
    await this.usage.record([{ ...event, occurredAt: new Date(event.occurredAt) }]);
  }

  @EventPattern(Consumers.billingUsageBatches.durableName)
  async recordBatch(@Payload() batch: UsageBatchRecordedEvent): Promise<void> {
    await this.usage.record(batch.charges.map((charge) => ({ ...charge, occurredAt: new Date(charge.occurredAt) })));
  }
}
