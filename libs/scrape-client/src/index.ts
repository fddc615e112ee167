export * from './scrape-client';
