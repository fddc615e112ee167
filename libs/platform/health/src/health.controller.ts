import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { LifecycleState } from './lifecycle-state';
import type { ReadinessCheck } from './readiness-check';

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

@Controller()
export class HealthController {
  constructor(
    private readonly lifecycle: LifecycleState,
    @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[],
  ) {}

  /** Liveness: the process is up and its event loop answers. */
  @Get('healthz')
  healthz(): { status: string } {
    return { status: 'ok' };
  }

  /** Readiness: every dependency answers and the service is not shutting down. */
  @Get('readyz')
  async readyz(@Res({ passthrough: true }) response: Response): Promise<Record<string, unknown>> {
    const results = await Promise.all(
      this.checks.map(async (check) => [check.name, await check.isReady().catch(() => false)] as const),
    );
    const ready = !this.lifecycle.isStopping && results.every(([, ok]) => ok);
    response.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: ready ? 'ready' : 'not-ready',
      stopping: this.lifecycle.isStopping,
      checks: Object.fromEntries(results),
    };
  }
}
