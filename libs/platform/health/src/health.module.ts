import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { HealthController, READINESS_CHECKS } from './health.controller';
import { LifecycleState } from './lifecycle-state';
import type { ReadinessCheck } from './readiness-check';

/** Serves /healthz and /readyz; readiness is the conjunction of the given checks. */
@Module({})
export class HealthModule {
  static forRoot(checks: Type<ReadinessCheck>[]): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [
        LifecycleState,
        ...checks,
        { provide: READINESS_CHECKS, inject: checks, useFactory: (...instances: ReadinessCheck[]) => instances },
      ],
      exports: [LifecycleState],
    };
  }
}
