import { HttpStatus } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';

/** The one place where wire error codes become HTTP statuses. */
export const STATUS_BY_CODE: Record<ErrorCode, HttpStatus> = {
  [ErrorCode.BadRequest]: HttpStatus.BAD_REQUEST,
  [ErrorCode.Unauthorized]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.Conflict]: HttpStatus.CONFLICT,
  [ErrorCode.PayloadTooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
  [ErrorCode.UnsupportedOption]: HttpStatus.BAD_REQUEST,
  [ErrorCode.ScrapeTimeout]: HttpStatus.REQUEST_TIMEOUT,
  [ErrorCode.ScrapeNoCachedData]: HttpStatus.NOT_FOUND,
  [ErrorCode.ScrapeTargetForbidden]: HttpStatus.FORBIDDEN,
  [ErrorCode.ScrapeDnsResolutionError]: HttpStatus.BAD_REQUEST,
  [ErrorCode.ScrapeSslError]: HttpStatus.BAD_GATEWAY,
  [ErrorCode.ScrapeSiteError]: HttpStatus.BAD_GATEWAY,
  [ErrorCode.ScrapeResponseTooLarge]: HttpStatus.BAD_GATEWAY,
  [ErrorCode.ScrapeUnsupportedFile]: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  [ErrorCode.ScrapeActionError]: HttpStatus.BAD_REQUEST,
  [ErrorCode.ServiceUnavailable]: HttpStatus.SERVICE_UNAVAILABLE,
  [ErrorCode.Internal]: HttpStatus.INTERNAL_SERVER_ERROR,

  // Billing
  [ErrorCode.InsufficientCredits]: HttpStatus.PAYMENT_REQUIRED,
  [ErrorCode.RateLimitExceeded]: HttpStatus.TOO_MANY_REQUESTS,

  // Browser sessions
  [ErrorCode.ConcurrencyLimitExceeded]: HttpStatus.TOO_MANY_REQUESTS,
  [ErrorCode.BrowserCapacityExhausted]: HttpStatus.SERVICE_UNAVAILABLE,
  [ErrorCode.BrowserProfileInUse]: HttpStatus.CONFLICT,

  // Extraction
  [ErrorCode.LlmNotConfigured]: HttpStatus.BAD_REQUEST,
  [ErrorCode.LlmUnavailable]: HttpStatus.BAD_GATEWAY,
  [ErrorCode.LlmTimeout]: HttpStatus.GATEWAY_TIMEOUT,
  [ErrorCode.LlmOutputInvalid]: HttpStatus.BAD_GATEWAY,

  // Web search
  [ErrorCode.SearchNotConfigured]: HttpStatus.BAD_REQUEST,
  [ErrorCode.SearchUnavailable]: HttpStatus.BAD_GATEWAY,
  [ErrorCode.SearchTimeout]: HttpStatus.GATEWAY_TIMEOUT,
  // Map
  [ErrorCode.MapTimeout]: HttpStatus.REQUEST_TIMEOUT,
  // Branding
  [ErrorCode.ScrapeBrandingNotSupported]: HttpStatus.UNPROCESSABLE_ENTITY,
};
