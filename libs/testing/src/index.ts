export { eventually, type EventuallyOptions } from './eventually';
export { type FixtureServer, type FixtureServerOptions, startFixtureServer } from './fixture-server/fixture-server';
export { ENCODING_TEXTS } from './fixture-server/sites/encodings';
export * from './stack';
export { hugePage } from './fixture-server/sites/huge';
export { resolvedScrapeOptions } from './factories/resolved-scrape-options';
export { type CrawlSite, type CrawlSiteHit, type CrawlSiteOptions, startCrawlSite } from './crawl-site/crawl-site';
export { type HostileSitemap, type MapSite, type MapSiteOptions, startMapSite } from './map-site/map-site';
export { type ReceivedWebhook, type WebhookReceiver, startWebhookReceiver } from './webhook-receiver';
export { AD_BANNER_TEXT, AD_HOST, COOKIE_NOTICE_TEXT, REPORT_PDF_PAGES } from './fixture-server/sites/browser';
export { textPdf } from './fixture-server/pdf';
export { type ForwardProxy, startForwardProxy } from './fixture-server/forward-proxy';
export * from './medium';
export { uniqueName } from './factories/unique';
export { teamRow, type TeamRow } from './factories/teams';
export { apiKeyRow, type ApiKeyRow } from './factories/api-keys';
export { crawlJobRow, type CrawlJobRow, crawlPageRow, type CrawlPageRow, type CrawlPageState } from './factories/jobs';
export { resolvedCrawlOptions } from './factories/resolved-crawl-options';
export { usageRecordedEvent } from './factories/usage';
export {
  type FakeChatBody,
  type FakeLlm,
  type FakeLlmOptions,
  type FakeLlmReply,
  type FakeLlmRequest,
  startFakeLlm,
} from './fake-llm/fake-llm-server';
export {
  type FakeSearch,
  type FakeSearchHit,
  type FakeSearchQuery,
  type FakeSearchReply,
  type FakeSearchRequest,
  pagedResults,
  startFakeSearch,
} from './fake-search/fake-search-server';
export { storedZip } from './files/zip';
export { type DocxPage, textDocx } from './files/docx';
export { SeededRandom } from './fixture-server/prng';
export {
  REAL_SIZE_PAGE_BYTES,
  realSizeChildren,
  realSizePage,
  type RealSizeSite,
  startRealSizeSite,
} from './real-size-site';
