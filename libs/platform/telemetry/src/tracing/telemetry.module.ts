import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { loadConfig } from '@wh/platform/config';
import { type RunningTracing, startTracing } from './tracer-provider';
import { TracingConfig } from './tracing.config';

const RUNNING_TRACING = Symbol('RUNNING_TRACING');

@Injectable()
class TracingLifecycle implements OnApplicationShutdown {
  constructor(@Inject(RUNNING_TRACING) private readonly tracing: RunningTracing | null) {}

  /** Spans still in the batch leave before the process does. */
  async onApplicationShutdown(): Promise<void> {
    await this.tracing?.shutdown();
  }
}

/** Starts tracing for the service from the standard `OTEL_*` settings (off without an endpoint). */
@Module({})
export class TelemetryModule {
  static forRoot(serviceName: string): DynamicModule {
    return {
      module: TelemetryModule,
      providers: [
        { provide: RUNNING_TRACING, useFactory: () => startTracing(serviceName, loadConfig(TracingConfig)) ?? null },
        TracingLifecycle,
      ],
    };
  }
}
