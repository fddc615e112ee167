import { Module } from '@nestjs/common';
import { ConfigModule } from '@wh/platform/config';
import { HealthModule } from '@wh/platform/health';
import { LoggingModule } from '@wh/platform/logging';
import { MessagingModule, NatsReadinessCheck } from '@wh/platform/messaging';
import { CrawlSchedulerConfig } from './crawl-scheduler.config';

const SERVICE_NAME = 'crawl-scheduler';

/** Will own batch scrapes and crawls (their state, frontier and webhooks); today it only boots and reports health. */
@Module({
  imports: [
    ConfigModule.forRoot(CrawlSchedulerConfig),
    LoggingModule.forRoot(SERVICE_NAME, CrawlSchedulerConfig),
    MessagingModule.forRoot({ serviceName: SERVICE_NAME, configClass: CrawlSchedulerConfig, streams: [], consumers: [] }),
    HealthModule.forRoot([NatsReadinessCheck]),
  ],
})
export class CrawlSchedulerModule {}
