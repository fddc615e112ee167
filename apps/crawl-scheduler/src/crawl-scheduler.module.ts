import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { Consumers, ObjectBuckets, Streams } from '@wh/contracts';
import { DATABASE } from '@wh/platform/database';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { JetStreamPublisher, LargeObjectStore, NatsClient, NatsRequester } from '@wh/platform/messaging';
import { PlatformModule } from '@wh/platform/runtime';
import { CrawlSchedulerConfig } from './crawl-scheduler.config';
import type { CrawlDatabase } from './database/crawl-database';
import { PageDispatcher } from './dispatch/page-dispatcher';
import { SchedulerLoop } from './dispatch/scheduler-loop';
import { CrawlSeeder } from './frontier/crawl-seeder';
import { RobotsCache } from './frontier/robots-cache';
import { CrawlJobsHandler } from './jobs/crawl-jobs.handler';
import { CrawlJobsRepository } from './database/crawl-jobs.repository';
import { CrawlPagesRepository } from './database/crawl-pages.repository';
import { CreateJobService } from './jobs/create-job.service';
import { JobFinisher } from './jobs/job-finisher';
import { JobQueriesService } from './jobs/job-queries.service';
import { ResourceFetcher } from './resources/resource-fetcher';
import { PageResultHandler } from './results/page-result.handler';
import { PageResultsProcessor } from './results/page-results.processor';
import { UsageBiller } from './results/usage-biller';
import { WebhookDeliveriesRepository } from './webhooks/webhook-deliveries.repository';
import { WebhookDeliveryHandler } from './webhooks/webhook-delivery.handler';
import { WebhookNotifier } from './webhooks/webhook-notifier';
import { WebhookSender } from './webhooks/webhook-sender';

const SERVICE_NAME = 'crawl-scheduler';
const WEBHOOK_USER_AGENT = 'WebHarvest-Webhooks/0.1';

const retentionMs = (config: CrawlSchedulerConfig): number => config.DOCUMENT_RETENTION_HOURS * 3_600_000;

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
  ],
  controllers: [CrawlJobsHandler, PageResultHandler, WebhookDeliveryHandler],
  providers: [
    { provide: CrawlJobsRepository, inject: [DATABASE], useFactory: (db: Kysely<CrawlDatabase>) => new CrawlJobsRepository(db) },
    { provide: CrawlPagesRepository, inject: [DATABASE], useFactory: (db: Kysely<CrawlDatabase>) => new CrawlPagesRepository(db) },
    { provide: WebhookDeliveriesRepository, inject: [DATABASE], useFactory: (db: Kysely<CrawlDatabase>) => new WebhookDeliveriesRepository(db) },
    {
      provide: ResourceFetcher,
      inject: [NatsRequester, LargeObjectStore],
      useFactory: (requester: NatsRequester, largeObjects: LargeObjectStore) => new ResourceFetcher(requester, largeObjects),
    },
    {
      provide: RobotsCache,
      inject: [DATABASE, ResourceFetcher],
      useFactory: (db: Kysely<CrawlDatabase>, fetcher: ResourceFetcher) => new RobotsCache(db, fetcher),
    },
    {
      provide: CrawlSeeder,
      inject: [CrawlJobsRepository, RobotsCache, ResourceFetcher, LOGGER],
      useFactory: (jobs: CrawlJobsRepository, robots: RobotsCache, fetcher: ResourceFetcher, logger: Logger) =>
        new CrawlSeeder(jobs, robots, fetcher, logger),
    },
    {
      provide: WebhookNotifier,
      inject: [WebhookDeliveriesRepository, JetStreamPublisher],
      useFactory: (deliveries: WebhookDeliveriesRepository, publisher: JetStreamPublisher) => new WebhookNotifier(deliveries, publisher),
    },
    {
      provide: WebhookSender,
      inject: [CrawlSchedulerConfig],
      useFactory: (config: CrawlSchedulerConfig) =>
        new WebhookSender({ allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS, timeoutMs: config.WEBHOOK_TIMEOUT_MS, userAgent: WEBHOOK_USER_AGENT }),
    },
    {
      provide: JobFinisher,
      inject: [CrawlJobsRepository, WebhookNotifier, CrawlSchedulerConfig],
      useFactory: (jobs: CrawlJobsRepository, notifier: WebhookNotifier, config: CrawlSchedulerConfig) =>
        new JobFinisher(jobs, notifier, retentionMs(config)),
    },
    {
      provide: PageDispatcher,
      inject: [CrawlJobsRepository, CrawlPagesRepository, JetStreamPublisher, LOGGER],
      useFactory: (jobs: CrawlJobsRepository, pages: CrawlPagesRepository, publisher: JetStreamPublisher, logger: Logger) =>
        new PageDispatcher(jobs, pages, publisher, logger),
    },
    {
      provide: CreateJobService,
      inject: [CrawlJobsRepository, WebhookNotifier, LargeObjectStore],
      useFactory: (jobs: CrawlJobsRepository, notifier: WebhookNotifier, largeObjects: LargeObjectStore) =>
        new CreateJobService(jobs, notifier, largeObjects),
    },
    {
      provide: JobQueriesService,
      inject: [CrawlJobsRepository, WebhookNotifier, LargeObjectStore, NatsClient, CrawlSchedulerConfig],
      useFactory: (jobs: CrawlJobsRepository, notifier: WebhookNotifier, largeObjects: LargeObjectStore, nats: NatsClient, config: CrawlSchedulerConfig) =>
        new JobQueriesService(jobs, notifier, largeObjects, nats, retentionMs(config)),
    },
    {
      provide: UsageBiller,
      inject: [JetStreamPublisher, LOGGER],
      useFactory: (publisher: JetStreamPublisher, logger: Logger) => new UsageBiller(publisher, logger),
    },
    {
      provide: PageResultsProcessor,
      inject: [CrawlJobsRepository, CrawlPagesRepository, RobotsCache, JobFinisher, WebhookNotifier, PageDispatcher, UsageBiller, LargeObjectStore],
      useFactory: (
        jobs: CrawlJobsRepository,
        pages: CrawlPagesRepository,
        robots: RobotsCache,
        finisher: JobFinisher,
        notifier: WebhookNotifier,
        dispatcher: PageDispatcher,
        biller: UsageBiller,
        largeObjects: LargeObjectStore,
      ) => new PageResultsProcessor(jobs, pages, robots, finisher, notifier, dispatcher, biller, largeObjects),
    },
    SchedulerLoop,
  ],
})
export class CrawlSchedulerModule implements OnApplicationShutdown {
  constructor(@Inject(WebhookSender) private readonly sender: WebhookSender) {}

  /** Keep-alive connections to webhook receivers would otherwise hold the process open. */
  async onApplicationShutdown(): Promise<void> {
    await this.sender.close();
  }
}
