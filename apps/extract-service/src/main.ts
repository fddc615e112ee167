import 'reflect-metadata';
import { bootstrapService } from '@wh/platform/runtime';
import { ExtractServiceConfig } from './extract-service.config';
import { ExtractServiceModule } from './extract-service.module';

// Request handlers only: no durable consumers, so no pull slots to size.
void bootstrapService({
  appModule: ExtractServiceModule,
  configClass: ExtractServiceConfig,
  transport: { concurrency: () => ({}) },
});
