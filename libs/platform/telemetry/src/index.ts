export * from './metrics-registry';
export * from './metrics';
export * from './scrape-time-refresh';
