/** Error codes that cross process boundaries and reach API clients (Firecrawl's names where it has one). */
export enum ErrorCode {
  BadRequest = 'BAD_REQUEST',
  Unauthorized = 'UNAUTHORIZED',
  NotFound = 'NOT_FOUND',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  UnsupportedOption = 'UNSUPPORTED_OPTION',
  ScrapeTimeout = 'SCRAPE_TIMEOUT',
  ScrapeNoCachedData = 'SCRAPE_NO_CACHED_DATA',
  ScrapeTargetForbidden = 'SCRAPE_TARGET_FORBIDDEN',
  ScrapeDnsResolutionError = 'SCRAPE_DNS_RESOLUTION_ERROR',
  ScrapeSslError = 'SCRAPE_SSL_ERROR',
  ScrapeSiteError = 'SCRAPE_SITE_ERROR',
  ScrapeResponseTooLarge = 'SCRAPE_RESPONSE_TOO_LARGE',
  ScrapeUnsupportedFile = 'SCRAPE_UNSUPPORTED_FILE_ERROR',
  ScrapeActionError = 'SCRAPE_ACTION_ERROR',
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
  Internal = 'INTERNAL_ERROR',
}

/** An error as it travels in a NATS payload. */
export interface WireError {
  code: ErrorCode;
  message: string;
  details?: unknown;
}
