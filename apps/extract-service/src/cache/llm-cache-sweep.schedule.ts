import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@wh/platform/logging';
import type { LlmCacheSweeper } from './llm-cache-sweeper';

/**
 * Runs the cache sweeper every `intervalMs` on each replica, one pass at a time; a failed pass is logged and the
 * next one tries again. Shutdown waits for a pass in progress.
 */
export class LlmCacheSweepSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly sweeper: Pick<LlmCacheSweeper, 'sweep'>,
    private readonly intervalMs: number,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweeper
        .sweep()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'LLM answer cache sweep failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
