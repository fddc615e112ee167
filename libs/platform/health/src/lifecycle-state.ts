import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';

/** Flips to "stopping" as soon as shutdown begins, so the orchestrator stops routing work here first. */
@Injectable()
export class LifecycleState implements BeforeApplicationShutdown {
  private stopping = false;

  get isStopping(): boolean {
    return this.stopping;
  }

  markStopping(): void {
    this.stopping = true;
  }

  beforeApplicationShutdown(): void {
    this.markStopping();
  }
}
