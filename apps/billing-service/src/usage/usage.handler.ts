import { Controller, Inject } from '@nestjs/common';
import { Consumers, UsageBatchRecordedEvent, UsageRecordedEvent } from '@wh/contracts';
import { ConsumeStream, PreserveRpcErrors } from '@wh/platform/messaging';
import { BillingConfig } from '../billing.config';
import { CreditsChangedNotifier } from '../credits/credits-changed.notifier';
import { standingAfterCharges } from '../ledger/credit-balance.service';
import { type ChargeRecord, LedgerRepository } from '../ledger/ledger.repository';
import { ChargeBatcher } from './charge-batcher';

/**
 * Usage events become charges in the ledger, each once, whatever the number of deliveries or replicas; the teams they
 * charged are announced, with those whose credits they used up. Single events and batches are grouped with the
 * others of the same few milliseconds into one statement and one announcement per team (`ChargeBatcher`).
 */
@Controller()
@PreserveRpcErrors()
export class UsageHandler {
  private readonly batcher: ChargeBatcher;

  constructor(
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(CreditsChangedNotifier) private readonly notifier: Pick<CreditsChangedNotifier, 'chargesCommitted'>,
    @Inject(BillingConfig) config: Pick<BillingConfig, 'USAGE_BATCH_WINDOW_MS'>,
  ) {
    this.batcher = new ChargeBatcher((charges) => this.charge(charges), config.USAGE_BATCH_WINDOW_MS);
  }

  @ConsumeStream(Consumers.billingUsage)
  async record(event: UsageRecordedEvent): Promise<void> {
    await this.batcher.add([{ ...event, occurredAt: new Date(event.occurredAt) }]);
  }

  /** Batches (the scrape-workers send their pages' charges this way) are grouped with whatever else arrived too. */
  @ConsumeStream(Consumers.billingUsageBatches)
  async recordBatch(batch: UsageBatchRecordedEvent): Promise<void> {
    await this.batcher.add(batch.charges.map((charge) => ({ ...charge, occurredAt: new Date(charge.occurredAt) })));
  }

  /** One statement charges the group and reads where each team it charged stands, for the announcement. */
  private async charge(charges: ChargeRecord[]): Promise<void> {
    const outcome = await this.ledger.charge(charges);
    if (outcome.newCharges === 0) return;
    const standings = new Map(outcome.teams.map((team) => [team.teamId, standingAfterCharges(team)]));
    await this.notifier.chargesCommitted(standings.keys(), standings);
  }
}
