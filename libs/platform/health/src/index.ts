export * from './readiness-check';
export * from './lifecycle-state';
export * from './health.controller';
export * from './health.module';
export * from './metrics.controller';
