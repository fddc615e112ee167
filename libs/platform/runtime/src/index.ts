export * from './bootstrap-service';
export * from './platform.module';
