import type { Type } from '@nestjs/common';
import {
  BrowserCreateResponse,
  BrowserListResponse,
  BrowserSessionResponse,
  BrowserStopResponse,
  ConcurrencyCheckResponse,
  CreditUsageHistoryResponse,
  CreditUsageResponse,
  QueueStatusResponse,
  SuccessResponse,
  TokenUsageHistoryResponse,
  TokenUsageResponse,
} from './account.response';
import {
  ActiveCrawlsResponse,
  BatchScrapeStartResponse,
  CrawlParamsPreviewResponse,
  CrawlStartResponse,
  JobCancelResponse,
  JobErrorsResponse,
  JobStatusResponseBody,
} from './jobs.response';
import {
  ExtractStartResponse,
  ExtractStatusResponse,
  MapResponse,
  ScrapeResponse,
  SearchResponseBody,
} from './pages.response';

/**
 * The class describing each handler's JSON success body, by `<controller class>.<handler>` (the operation id).
 * Handlers return interfaces, which leave nothing at run time; these classes are what the document is generated from,
 * and the openapi-responses e2e checks real replies against them so that the two cannot drift apart.
 */
export const RESPONSE_CLASSES: Readonly<Record<string, Type<unknown>>> = {
  'ScrapeController.scrape': ScrapeResponse,
  'ParseController.parse': ScrapeResponse,
  'CrawlController.start': CrawlStartResponse,
  'CrawlController.paramsPreview': CrawlParamsPreviewResponse,
  'CrawlController.active': ActiveCrawlsResponse,
  'CrawlController.status': JobStatusResponseBody,
  'CrawlController.errors': JobErrorsResponse,
  'CrawlController.cancel': JobCancelResponse,
  'BatchScrapeController.start': BatchScrapeStartResponse,
  'BatchScrapeController.status': JobStatusResponseBody,
  'BatchScrapeController.errors': JobErrorsResponse,
  'BatchScrapeController.cancel': JobCancelResponse,
  'MapController.map': MapResponse,
  'SearchController.search': SearchResponseBody,
  'ExtractController.start': ExtractStartResponse,
  'ExtractController.status': ExtractStatusResponse,
  'BrowserController.create': BrowserCreateResponse,
  'BrowserController.list': BrowserListResponse,
  'BrowserController.get': BrowserSessionResponse,
  'BrowserController.stop': BrowserStopResponse,
  'BrowserController.deleteProfile': SuccessResponse,
  'TeamController.creditUsage': CreditUsageResponse,
  'TeamController.creditUsageHistorical': CreditUsageHistoryResponse,
  'TeamController.tokenUsage': TokenUsageResponse,
  'TeamController.tokenUsageHistorical': TokenUsageHistoryResponse,
  'TeamController.queueStatus': QueueStatusResponse,
  'TeamController.concurrencyCheck': ConcurrencyCheckResponse,
};
