import { Module } from '@nestjs/common';
import { ObjectBuckets, Streams } from '@wh/contracts';
import { PlatformModule } from '@wh/platform/runtime';
import { ApiKeyGuard } from './auth/api-key.guard';
import { BrowserModule } from './browser/browser.module';
import { GatewayConfig } from './gateway.config';
import { ScrapeController } from './scrape/scrape.controller';
import { ScrapeDispatcher } from './scrape/scrape-dispatcher';
import { WebSocketModule } from './websocket/websocket.module';

export const API_GATEWAY = 'api-gateway';

@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: API_GATEWAY,
      configClass: GatewayConfig,
      streams: [Streams.scrapeJobs, Streams.scrapeResults],
      consumers: [],
      largeObjects: ObjectBuckets.scrapeDocuments,
    }),
    WebSocketModule,
    BrowserModule,
  ],
  controllers: [ScrapeController],
  providers: [ApiKeyGuard, ScrapeDispatcher],
})
export class GatewayModule {}
