import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { ExtractJobsRepository } from './extract-jobs.repository';

const EVERY_MS = 10 * 60_000;

/**
 * Forgets expired extract jobs, now and then, on every replica: a delete by expiry is the same whichever replica
 * runs it, and however many do.
 */
@Injectable()
export class ExtractJobHousekeeping implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    @Inject(ExtractJobsRepository) private readonly jobs: ExtractJobsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.jobs
        .deleteExpired(new Date())
        .then((jobs) => {
          if (jobs > 0) this.logger.info({ jobs }, 'expired extract jobs deleted');
        })
        .catch((error: unknown) => this.logger.warn({ err: error }, 'deleting expired extract jobs failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
