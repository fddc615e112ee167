export * from './load-config';
export * from './env-boolean';
export * from './service-config';
export * from './config.module';
