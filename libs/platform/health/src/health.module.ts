import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule, type Type } from '@nestjs/common';
import { HealthController, READINESS_CHECKS } from './health.controller';
import { httpTelemetryMiddleware } from './http-telemetry.middleware';
import { LifecycleState } from './lifecycle-state';
import { MetricsController } from './metrics.controller';
import type { ReadinessCheck } from './readiness-check';

/**
 * Serves /healthz and /readyz (readiness is the conjunction of the given checks) and /metrics, and measures every
 * HTTP request of the service (metrics and a server span).
 */
@Module({})
export class HealthModule implements NestModule {
  static forRoot(checks: Type<ReadinessCheck>[]): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController, MetricsController],
      providers: [
        LifecycleState,
        ...checks,
        { provide: READINESS_CHECKS, inject: checks, useFactory: (...instances: ReadinessCheck[]) => instances },
      ],
      exports: [LifecycleState],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(httpTelemetryMiddleware).forRoutes('{*path}');
  }
}
