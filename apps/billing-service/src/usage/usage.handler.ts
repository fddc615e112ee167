import { Controller, Inject } from '@nestjs/common';
import { Consumers, UsageBatchRecordedEvent, UsageRecordedEvent } from '@wh/contracts';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { ConsumeStream, PreserveRpcErrors } from '@wh/platform/messaging';
import { BillingConfig } from '../billing.config';
import { CreditsChangedNotifier } from '../credits/credits-changed.notifier';
import { CreditBalanceService, type StandingAfterCharges } from '../ledger/credit-balance.service';
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
    @Inject(CreditBalanceService) private readonly balances: Pick<CreditBalanceService, 'afterCharges'>,
    @Inject(LOGGER) private readonly logger: Pick<Logger, 'warn'>,
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

  private async charge(charges: ChargeRecord[]): Promise<void> {
    if ((await this.ledger.charge(charges)) === 0) return;
    const teamIds = new Set(charges.map((charge) => charge.teamId));
    await this.notifier.chargesCommitted(teamIds, await this.standingsAfter(teamIds));
  }

  /**
   * The charges are committed, so failing here would only make the redelivery find nothing new to announce. The
   * announcement then says only that the team was charged (gateways refresh it), and a missed "used up" is made good
   * by the team's next charge, which asks again.
   */
  private async standingsAfter(teamIds: Set<string>): Promise<Map<string, StandingAfterCharges>> {
    try {
      return await this.balances.afterCharges(teamIds);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not tell what the charged teams have left');
      return new Map();
    }
  }
}
