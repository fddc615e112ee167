export { eventually, type EventuallyOptions } from './eventually';
export { type FixtureServer, type FixtureServerOptions, startFixtureServer } from './fixture-server/fixture-server';
export { ENCODING_TEXTS } from './fixture-server/sites/encodings';
export * from './stack';
export { hugePage } from './fixture-server/sites/huge';
export { resolvedScrapeOptions } from './factories/resolved-scrape-options';
export { AD_BANNER_TEXT, AD_HOST, COOKIE_NOTICE_TEXT, REPORT_PDF_PAGES } from './fixture-server/sites/browser';
export { textPdf } from './fixture-server/pdf';
export { type ForwardProxy, startForwardProxy } from './fixture-server/forward-proxy';
