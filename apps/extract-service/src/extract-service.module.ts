import { Module } from '@nestjs/common';
import { PlatformModule } from '@wh/platform/runtime';
import { ExtractServiceConfig } from './extract-service.config';

const SERVICE_NAME = 'extract-service';

/** Will own LLM extraction (POST /v2/extract, json and summary formats); today it only boots and reports health. */
@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: SERVICE_NAME,
      configClass: ExtractServiceConfig,
      streams: [],
      consumers: [],
    }),
  ],
})
export class ExtractServiceModule {}
