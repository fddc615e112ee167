export * from './search-backend';
export * from './search-errors';
export * from './search-terms';
export * from './searxng.backend';
