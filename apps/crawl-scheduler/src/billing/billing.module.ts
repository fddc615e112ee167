import { Module } from '@nestjs/common';
import { UsageBiller } from './usage-biller';

/** The credits of kept pages, sent to billing-service (each page's charge carries its id: billed once). */
@Module({ providers: [UsageBiller], exports: [UsageBiller] })
export class BillingModule {}
