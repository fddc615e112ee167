import 'reflect-metadata';
import { bootstrapService } from '@wh/platform/runtime';
import { ExtractServiceConfig } from './extract-service.config';
import { ExtractServiceModule } from './extract-service.module';

void bootstrapService({ appModule: ExtractServiceModule, configClass: ExtractServiceConfig });
