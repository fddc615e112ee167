import 'reflect-metadata';
import { Consumers } from '@wh/contracts';
import { bootstrapService } from '@wh/platform/runtime';
import { BillingConfig } from './billing.config';
import { BillingModule } from './billing.module';

void bootstrapService({
  appModule: BillingModule,
  configClass: BillingConfig,
  transport: {
    concurrency: (config) => ({
      [Consumers.billingUsage.durableName]: config.USAGE_BATCH_SIZE,
      [Consumers.billingUsageBatches.durableName]: 2,
    }),
  },
});
