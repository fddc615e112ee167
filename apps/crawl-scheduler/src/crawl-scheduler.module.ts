import { Module } from '@nestjs/common';
import { PlatformModule } from '@wh/platform/runtime';
import { CrawlSchedulerConfig } from './crawl-scheduler.config';

const SERVICE_NAME = 'crawl-scheduler';

/** Will own batch scrapes and crawls (their state, frontier and webhooks); today it only boots and reports health. */
@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: SERVICE_NAME,
      configClass: CrawlSchedulerConfig,
      streams: [],
      consumers: [],
    }),
  ],
})
export class CrawlSchedulerModule {}
