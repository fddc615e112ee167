import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { CrawlSchedulerConfig } from '../crawl-scheduler.config';
import { CrawlSeeder } from '../frontier/crawl-seeder';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { CrawlPagesRepository } from '../database/crawl-pages.repository';
import { JobFinisher } from '../jobs/job-finisher';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { WebhookNotifier } from '../webhooks/webhook-notifier';
import { PageDispatcher } from './page-dispatcher';

/** Long enough for robots.txt and a large sitemap index; another replica takes an unfinished seeding over after it. */
const SEED_LEASE_MS = 5 * 60_000;
const JOBS_PER_TICK = 200;
const EXPIRY_EVERY_TICKS = 240;

/**
 * Each replica's periodic pass: seed new crawls, dispatch what the limits allow, put lost dispatches and unqueued
 * webhook events back on their way, and drop expired jobs. Every step is safe to run on several replicas at once
 * because the claims happen in Postgres.
 */
@Injectable()
export class SchedulerLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private ticks = 0;

  constructor(
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(CrawlPagesRepository) private readonly pages: CrawlPagesRepository,
    @Inject(CrawlSeeder) private readonly seeder: CrawlSeeder,
    @Inject(PageDispatcher) private readonly dispatcher: PageDispatcher,
    @Inject(JobFinisher) private readonly finisher: JobFinisher,
    @Inject(WebhookNotifier) private readonly notifier: WebhookNotifier,
    @Inject(WebhookDeliveriesRepository) private readonly deliveries: WebhookDeliveriesRepository,
    @Inject(CrawlSchedulerConfig) private readonly config: CrawlSchedulerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // A replica that died between committing a claim and publishing it left pages nobody will scrape: its successor
    // (or any replica starting) sends them once, before its first pass.
    this.running = this.dispatcher
      .republishRecent()
      .then((pages) => this.logger.info({ pages }, 'recent dispatches published again'))
      .catch((error: unknown) => this.logger.error({ err: error }, 'republishing recent dispatches failed'))
      .finally(() => {
        this.running = undefined;
      });
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((error: unknown) => this.logger.error({ err: error }, 'scheduler pass failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, this.config.DISPATCH_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async tick(): Promise<void> {
    this.ticks += 1;
    await this.seedOne();
    for (const job of await this.jobs.dispatchable(JOBS_PER_TICK)) await this.dispatcher.dispatch(job.id);
    await this.pages.requeueStale(new Date(Date.now() - this.config.STALE_DISPATCH_MS));
    const unqueued = await this.deliveries.unqueued(new Date(Date.now() - 30_000));
    await this.notifier.queue(unqueued.map((delivery) => ({ id: delivery.id, teamId: delivery.team_id })));
    if (this.ticks % EXPIRY_EVERY_TICKS === 0) await this.jobs.deleteExpired();
  }

  private async seedOne(): Promise<void> {
    const job = await this.jobs.claimUnseeded(SEED_LEASE_MS);
    if (!job) return;
    await this.seeder.seed(job);
    // A crawl whose start URL is blocked or out of scope has nothing to do: it ends here.
    const delivery = await this.jobs.transaction(async (trx) => {
      const seeded = await this.jobs.lock(trx, job.id);
      return seeded ? this.finisher.finishIfDone(trx, seeded) : undefined;
    });
    await this.notifier.queue([delivery ? { id: delivery, teamId: job.teamId } : undefined]);
    await this.dispatcher.dispatch(job.id);
  }
}
