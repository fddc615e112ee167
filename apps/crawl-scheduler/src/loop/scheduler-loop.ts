import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { CrawlSchedulerConfig } from '../crawl-scheduler.config';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { NewWorkSignal } from '../dispatch/new-work-signal';
import { PageDispatcher } from '../dispatch/page-dispatcher';
import { SeedNextCrawl } from '../frontier/seed-next-crawl';
import { WebhookHousekeeping } from '../webhooks/webhook-housekeeping';

const JOBS_PER_PASS = 200;
/**
 * Lost dispatches and lost webhook publishes are looked for once a second at most: they are found only minutes or
 * half a minute after they were lost anyway, and during a crawl their three statements a pass were nearly a tenth of
 * all the scheduler sent.
 */
const RECOVERY_EVERY_MS = 1_000;
const EXPIRY_EVERY_MS = 60_000;
/** A job seen in progress keeps the replica at its short wait this long without asking Postgres again. */
const IN_PROGRESS_SEEN_FOR_MS = 1_000;

/**
 * Each replica's periodic pass: seed new crawls, dispatch what the limits allow, put lost dispatches and unqueued
 * webhook events back on their way, and drop expired jobs. Every step is safe to run on several replicas at once
 * because the claims happen in Postgres.
 *
 * While any job is in progress the passes come every DISPATCH_INTERVAL_MS. A replica with none doubles its wait after
 * each pass up to IDLE_DISPATCH_INTERVAL_MS: an idle deployment's replicas sent Postgres eight statements a second
 * each for nothing (a tenth of a cached hit's CPU at 100 hits a second was this loop). A job created here wakes the
 * loop at once.
 */
@Injectable()
export class SchedulerLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private waitMs: number;
  private wokenDuringPass = false;
  private lastRecoveryAt = Date.now();
  private lastExpiryAt = Date.now();
  private inProgressSeenAt = Number.NEGATIVE_INFINITY;
  private stopListening: (() => void) | undefined;

  constructor(
    @Inject(SeedNextCrawl) private readonly seeding: SeedNextCrawl,
    @Inject(PageDispatcher) private readonly dispatcher: PageDispatcher,
    @Inject(WebhookHousekeeping) private readonly webhooks: WebhookHousekeeping,
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(NewWorkSignal) private readonly newWork: NewWorkSignal,
    @Inject(CrawlSchedulerConfig) private readonly config: CrawlSchedulerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.waitMs = config.DISPATCH_INTERVAL_MS;
  }

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
    this.stopListening = this.newWork.listen(() => this.wake());
    this.schedule(this.config.DISPATCH_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    clearTimeout(this.timer);
    await this.running;
  }

  /** Work was created on this replica: a pass now, and the short wait again. */
  private wake(): void {
    this.waitMs = this.config.DISPATCH_INTERVAL_MS;
    if (this.running) this.wokenDuringPass = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.startPass(), delayMs);
  }

  private startPass(): void {
    if (this.running) {
      this.schedule(this.config.DISPATCH_INTERVAL_MS);
      return;
    }
    this.wokenDuringPass = false;
    this.running = this.pass()
      .catch((error: unknown) => {
        this.logger.error({ err: error }, 'scheduler pass failed');
        return true;
      })
      .then((busy) => {
        this.waitMs = busy || this.wokenDuringPass ? this.config.DISPATCH_INTERVAL_MS : this.longerWait();
      })
      .finally(() => {
        this.running = undefined;
        this.schedule(this.wokenDuringPass ? 0 : this.waitMs);
      });
  }

  private longerWait(): number {
    return Math.min(this.waitMs * 2, Math.max(this.config.IDLE_DISPATCH_INTERVAL_MS, this.config.DISPATCH_INTERVAL_MS));
  }

  /** One pass; whether any job is in progress (the next pass then comes after the short wait). */
  private async pass(): Promise<boolean> {
    const seeded = await this.seeding.execute();
    if (seeded) await this.dispatcher.dispatch(seeded.id);
    const due = await this.dispatcher.dispatchDue(JOBS_PER_PASS);
    const now = Date.now();
    const busy = seeded !== undefined || due > 0 || (await this.inProgress(now));
    if (now - this.lastRecoveryAt >= RECOVERY_EVERY_MS) {
      this.lastRecoveryAt = now;
      // Only a job in progress has dispatched pages; a finished one may still have an event to queue.
      if (busy) await this.dispatcher.requeueStale(new Date(now - this.config.STALE_DISPATCH_MS));
      await this.webhooks.queueLost();
    }
    if (now - this.lastExpiryAt >= EXPIRY_EVERY_MS) {
      this.lastExpiryAt = now;
      await this.jobs.deleteExpired();
      await this.webhooks.forgetOld();
    }
    return busy;
  }

  private async inProgress(now: number): Promise<boolean> {
    if (now - this.inProgressSeenAt < IN_PROGRESS_SEEN_FOR_MS) return true;
    const any = await this.jobs.anyInProgress();
    if (any) this.inProgressSeenAt = now;
    return any;
  }
}
