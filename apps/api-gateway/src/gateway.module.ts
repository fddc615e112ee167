import { Module } from '@nestjs/common';
import { ObjectBuckets, Streams } from '@wh/contracts';
import { ConfigModule } from '@wh/platform/config';
import { HealthModule } from '@wh/platform/health';
import { LoggingModule } from '@wh/platform/logging';
import { MessagingModule, NatsReadinessCheck } from '@wh/platform/messaging';
import { ApiKeyGuard } from './auth/api-key.guard';
import { GatewayConfig } from './gateway.config';
import { ScrapeController } from './scrape/scrape.controller';
import { ScrapeDispatcher } from './scrape/scrape-dispatcher';

export const API_GATEWAY = 'api-gateway';

@Module({
  imports: [
    ConfigModule.forRoot(GatewayConfig),
    LoggingModule.forRoot(API_GATEWAY, GatewayConfig),
    MessagingModule.forRoot({
      serviceName: API_GATEWAY,
      configClass: GatewayConfig,
      streams: [Streams.scrapeJobs, Streams.scrapeResults],
      consumers: [],
      largeObjects: ObjectBuckets.scrapeDocuments,
    }),
    HealthModule.forRoot([NatsReadinessCheck]),
  ],
  controllers: [ScrapeController],
  providers: [ApiKeyGuard, ScrapeDispatcher],
})
export class GatewayModule {}
