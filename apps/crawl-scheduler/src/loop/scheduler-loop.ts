import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { CrawlSchedulerConfig } from '../crawl-scheduler.config';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { PageDispatcher } from '../dispatch/page-dispatcher';
import { SeedNextCrawl } from '../frontier/seed-next-crawl';
import { WebhookHousekeeping } from '../webhooks/webhook-housekeeping';

const JOBS_PER_TICK = 200;
/**
 * Lost dispatches and lost webhook publishes are looked for every fourth pass (each second by default): they are
 * found only minutes or half a minute after they were lost anyway, and during a crawl their three statements a pass
 * were nearly a tenth of all the scheduler sent.
 */
const RECOVERY_EVERY_TICKS = 4;
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
    @Inject(SeedNextCrawl) private readonly seeding: SeedNextCrawl,
    @Inject(PageDispatcher) private readonly dispatcher: PageDispatcher,
    @Inject(WebhookHousekeeping) private readonly webhooks: WebhookHousekeeping,
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
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
    const seeded = await this.seeding.execute();
    if (seeded) await this.dispatcher.dispatch(seeded.id);
    await this.dispatcher.dispatchDue(JOBS_PER_TICK);
    if (this.ticks % RECOVERY_EVERY_TICKS === 0) {
      await this.dispatcher.requeueStale(new Date(Date.now() - this.config.STALE_DISPATCH_MS));
      await this.webhooks.queueLost();
    }
    if (this.ticks % EXPIRY_EVERY_TICKS === 0) {
      await this.jobs.deleteExpired();
      await this.webhooks.forgetOld();
    }
  }
}
