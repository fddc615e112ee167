import { Controller, Inject } from '@nestjs/common';
import { Consumers, UsageBatchRecordedEvent, UsageRecordedEvent } from '@wh/contracts';
import { ConsumeStream, PreserveRpcErrors } from '@wh/platform/messaging';
import { CreditsChangedNotifier } from '../credits/credits-changed.notifier';
import { type ChargeRecord, LedgerRepository } from '../ledger/ledger.repository';

/** Usage events become charges in the ledger, each once, whatever the number of deliveries or replicas. */
@Controller()
@PreserveRpcErrors()
export class UsageHandler {
  constructor(
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(CreditsChangedNotifier) private readonly notifier: Pick<CreditsChangedNotifier, 'teamsChanged'>,
  ) {}

  @ConsumeStream(Consumers.billingUsage)
  async record(event: UsageRecordedEvent): Promise<void> {
    await this.charge([{ ...event, occurredAt: new Date(event.occurredAt) }]);
  }

  @ConsumeStream(Consumers.billingUsageBatches)
  async recordBatch(batch: UsageBatchRecordedEvent): Promise<void> {
    await this.charge(batch.charges.map((charge) => ({ ...charge, occurredAt: new Date(charge.occurredAt) })));
  }

  private async charge(charges: ChargeRecord[]): Promise<void> {
    if ((await this.ledger.charge(charges)) > 0) await this.notifier.teamsChanged(charges.map((c) => c.teamId));
  }
}
