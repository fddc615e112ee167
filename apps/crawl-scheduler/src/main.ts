import 'reflect-metadata';
import { Consumers } from '@wh/contracts';
import { bootstrapService } from '@wh/platform/runtime';
import { CrawlSchedulerConfig } from './crawl-scheduler.config';
import { CrawlSchedulerModule } from './crawl-scheduler.module';

void bootstrapService({
  appModule: CrawlSchedulerModule,
  configClass: CrawlSchedulerConfig,
  transport: {
    concurrency: () => ({
      [Consumers.crawlSchedulerResults.durableName]: 8,
      [Consumers.crawlSchedulerWebhooks.durableName]: 16,
    }),
    retryDelaysMs: (config) => ({ [Consumers.crawlSchedulerWebhooks.durableName]: config.WEBHOOK_RETRY_DELAYS_MS }),
  },
});
