import 'reflect-metadata';
import { Consumers } from '@wh/contracts';
import { bootstrapService } from '@wh/platform/runtime';
import { ExtractServiceConfig } from './extract-service.config';
import { ExtractServiceModule } from './extract-service.module';

// Extract jobs spend their time waiting on scrapes and the model (whose calls LLM_MAX_CONCURRENCY bounds): a few at once.
void bootstrapService({
  appModule: ExtractServiceModule,
  configClass: ExtractServiceConfig,
  transport: { concurrency: () => ({ [Consumers.extractServiceJobs.durableName]: 4 }) },
});
