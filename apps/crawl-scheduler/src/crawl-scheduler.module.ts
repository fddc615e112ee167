import { Module } from '@nestjs/common';
import { Consumers, Streams } from '@wh/contracts';
import { PlatformModule } from '@wh/platform/runtime';
import { BillingModule } from './billing/billing.module';
import { OutOfCreditsModule } from './billing/out-of-credits.module';
import { ReservationReleaseListener } from './billing/reservation-release.listener';
import { UsageChargesListener } from './billing/usage-charges.listener';
import { CrawlSchedulerConfig } from './crawl-scheduler.config';
import { DispatchModule } from './dispatch/dispatch.module';
import { NextPagesListener } from './dispatch/next-pages.listener';
import { JobsModule } from './jobs/jobs.module';
import { LoopModule } from './loop/loop.module';
import { MapModule } from './map/map.module';
import { ResultsModule } from './results/results.module';
import { WebhookEventsListener } from './webhooks/webhook-events.listener';
import { WebhooksModule } from './webhooks/webhooks.module';

const SERVICE_NAME = 'crawl-scheduler';

/** Owns batch scrapes and crawls: job state and URL frontier in Postgres, page work on the shared queue, webhooks. */
@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: SERVICE_NAME,
      configClass: CrawlSchedulerConfig,
      streams: [
        Streams.scrapeJobs,
        Streams.scrapeResults,
        Streams.webhookDeliveries,
        Streams.billingUsage,
        Streams.deadLetters,
      ],
      consumers: [Consumers.crawlSchedulerResults, Consumers.crawlSchedulerWebhooks],
      database: true,
    }),
    JobsModule,
    // Kept results -> charges (billing), page and end events (webhooks), the next pages (dispatch), the credits an
    // ended job did not use (billing), in that order.
    ResultsModule.withListeners({
      imports: [BillingModule, WebhooksModule, DispatchModule],
      listeners: [UsageChargesListener, WebhookEventsListener, NextPagesListener, ReservationReleaseListener],
    }),
    WebhooksModule,
    LoopModule,
    MapModule,
    OutOfCreditsModule,
  ],
})
export class CrawlSchedulerModule {}
