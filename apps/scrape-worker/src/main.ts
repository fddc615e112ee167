import 'reflect-metadata';
import { Consumers } from '@wh/contracts';
import { bootstrapService } from '@wh/platform/runtime';
import { ScrapeWorkerConfig } from './scrape-worker.config';
import { ScrapeWorkerModule } from './scrape-worker.module';

void bootstrapService({
  appModule: ScrapeWorkerModule,
  configClass: ScrapeWorkerConfig,
  transport: {
    concurrency: (config) => ({
      [Consumers.scrapeWorkerJobs.durableName]: config.SCRAPE_CONCURRENCY,
      [Consumers.scrapeWorkerDirectJobs.durableName]: config.DIRECT_SCRAPE_CONCURRENCY,
    }),
  },
});
