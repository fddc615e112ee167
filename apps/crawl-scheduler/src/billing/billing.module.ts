import { Module } from '@nestjs/common';
import { UsageBiller } from './usage-biller';
import { UsageChargesListener } from './usage-charges.listener';

/** The credits of kept pages, sent to billing-service (each page's charge carries its id: billed once). */
@Module({ providers: [UsageBiller, UsageChargesListener], exports: [UsageChargesListener] })
export class BillingModule {}
