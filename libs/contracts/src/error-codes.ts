/** Error codes that cross process boundaries and reach API clients (Firecrawl's names where it has one). */
export enum ErrorCode {
  BadRequest = 'BAD_REQUEST',
  Unauthorized = 'UNAUTHORIZED',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
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

  // Billing
  /** The team has no credits left in its billing period. */
  InsufficientCredits = 'INSUFFICIENT_CREDITS',
  /** The team made more requests of this kind this minute than its plan allows; `details.retryAfterSeconds`. */
  RateLimitExceeded = 'RATE_LIMIT_EXCEEDED',

  // Browser sessions
  /** The team already runs as many sessions as its concurrency limit allows. */
  ConcurrencyLimitExceeded = 'CONCURRENCY_LIMIT_EXCEEDED',
  /** No replica has room for another browser; `details.retryAfterSeconds` says when to try again. */
  BrowserCapacityExhausted = 'BROWSER_CAPACITY_EXHAUSTED',
  /** Another live session already saves to this profile. */
  BrowserProfileInUse = 'BROWSER_PROFILE_IN_USE',

  // Extraction
  /** A prompt-only `json` format (or another task that needs a model) on a deployment without an LLM. */
  LlmNotConfigured = 'LLM_NOT_CONFIGURED',
  /** The LLM server could not be reached, refused the request or kept failing through the retries. */
  LlmUnavailable = 'LLM_UNAVAILABLE',
  /** The LLM did not answer within the time left. */
  LlmTimeout = 'LLM_TIMEOUT',
  /** The model's answer did not fit the schema, even after a repair round; `details` lists why. */
  LlmOutputInvalid = 'LLM_OUTPUT_INVALID',

  // Web search
  /** POST /v2/search (or extract's web search) on a deployment without a search backend (`SEARCH_URL`). */
  SearchNotConfigured = 'SEARCH_NOT_CONFIGURED',
  /** The search backend could not be reached, refused the query or kept failing through the retries. */
  SearchUnavailable = 'SEARCH_UNAVAILABLE',
  /** The search backend did not answer within the time left. */
  SearchTimeout = 'SEARCH_TIMEOUT',
  // Map
  /** A map ran past its `timeout`. */
  MapTimeout = 'MAP_TIMEOUT',
  // Branding
  /** The `branding` format on a page Chromium cannot render as a web page (a PDF, an image, plain text). */
  ScrapeBrandingNotSupported = 'SCRAPE_BRANDING_NOT_SUPPORTED',
}

/** An error as it travels in a NATS payload. */
export interface WireError {
  code: ErrorCode;
  message: string;
  details?: unknown;
}
