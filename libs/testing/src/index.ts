export { eventually, type EventuallyOptions } from './eventually';
export { type FixtureServer, type FixtureServerOptions, startFixtureServer } from './fixture-server/fixture-server';
export { ARTICLE_CANONICAL_URL } from './fixture-server/sites/articles';
export { ENCODING_TEXTS } from './fixture-server/sites/encodings';
export * from './stack';
export { hugePage } from './fixture-server/sites/huge';
