export * from './metrics.config';
export * from './metrics-registry';
export * from './metrics';
export * from './scrape-time-refresh';
export * from './tracing/tracing.config';
export * from './tracing/tracer-provider';
export * from './tracing/spans';
export * from './tracing/telemetry.module';
