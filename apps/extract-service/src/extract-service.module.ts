import { Module } from '@nestjs/common';
import { ConfigModule } from '@wh/platform/config';
import { HealthModule } from '@wh/platform/health';
import { LoggingModule } from '@wh/platform/logging';
import { MessagingModule, NatsReadinessCheck } from '@wh/platform/messaging';
import { ExtractServiceConfig } from './extract-service.config';

const SERVICE_NAME = 'extract-service';

/** Will own LLM extraction (POST /v2/extract, json and summary formats); today it only boots and reports health. */
@Module({
  imports: [
    ConfigModule.forRoot(ExtractServiceConfig),
    LoggingModule.forRoot(SERVICE_NAME, ExtractServiceConfig),
    MessagingModule.forRoot({ serviceName: SERVICE_NAME, configClass: ExtractServiceConfig, streams: [], consumers: [] }),
    HealthModule.forRoot([NatsReadinessCheck]),
  ],
})
export class ExtractServiceModule {}
