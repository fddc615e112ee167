import { Module } from '@nestjs/common';
import { Consumers, ObjectBuckets, Streams } from '@wh/contracts';
import { PlatformModule } from '@wh/platform/runtime';
import { CrawlSchedulerConfig } from './crawl-scheduler.config';
import { JobsModule } from './jobs/jobs.module';
import { LoopModule } from './loop/loop.module';
import { ResultsModule } from './results/results.module';
import { WebhooksModule } from './webhooks/webhooks.module';

const SERVICE_NAME = 'crawl-scheduler';

/** Owns batch scrapes and crawls: job state and URL frontier in Postgres, page work on the shared queue, webhooks. */
@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: SERVICE_NAME,
      configClass: CrawlSchedulerConfig,
      streams: [Streams.scrapeJobs, Streams.scrapeResults, Streams.webhookDeliveries, Streams.billingUsage, Streams.deadLetters],
      consumers: [Consumers.crawlSchedulerResults, Consumers.crawlSchedulerWebhooks],
      largeObjects: ObjectBuckets.scrapeDocuments,
      database: true,
    }),
    JobsModule,
    ResultsModule,
    WebhooksModule,
    LoopModule,
  ],
})
export class CrawlSchedulerModule {}
