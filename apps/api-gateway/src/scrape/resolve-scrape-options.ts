import {
  DEFAULT_MAX_AGE_MS,
  DEFAULT_SCRAPE_TIMEOUT_MS,
  DOCUMENT_FORMATS,
  type DocumentFormat,
  ErrorCode,
  type FormatEntry,
  type ResolvedScrapeOptions,
  type ScrapeOptions,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

function formatName(entry: FormatEntry): string {
  return typeof entry === 'string' ? entry : entry.type;
}

/** Options that need the browser engine, which this deployment does not run yet. */
function browserOnlyOptions(options: ScrapeOptions): string[] {
  const needed: string[] = [];
  if (options.actions && options.actions.length > 0) needed.push('actions');
  if (options.waitFor) needed.push('waitFor');
  if (options.mobile) needed.push('mobile');
  if (options.location) needed.push('location');
  if (options.proxy === 'enhanced') needed.push('proxy: enhanced');
  return needed;
}

/**
 * Applies every default of spec 2.2 and refuses what this deployment cannot honour, so a request is never
 * silently answered with less than it asked for.
 */
export function resolveScrapeOptions(options: ScrapeOptions, zeroDataRetention = false): ResolvedScrapeOptions {
  const requested = (options.formats ?? ['markdown']).map(formatName);
  const unsupported = requested.filter((name) => !(DOCUMENT_FORMATS as readonly string[]).includes(name));
  if (unsupported.length > 0) {
    throw new DomainError(
      ErrorCode.UnsupportedOption,
      `Unsupported format(s) in this deployment: ${unsupported.join(', ')}`,
      { supportedFormats: DOCUMENT_FORMATS },
    );
  }
  const browserOnly = browserOnlyOptions(options);
  if (browserOnly.length > 0) {
    throw new DomainError(
      ErrorCode.UnsupportedOption,
      `Option(s) that need the browser engine are not available in this deployment: ${browserOnly.join(', ')}`,
    );
  }
  const timeout = options.timeout ?? DEFAULT_SCRAPE_TIMEOUT_MS;
  const headers = options.headers ?? {};
  return {
    formats: [...new Set(requested)] as DocumentFormat[],
    onlyMainContent: options.onlyMainContent ?? true,
    includeTags: options.includeTags ?? [],
    excludeTags: options.excludeTags ?? [],
    maxAge: options.maxAge ?? DEFAULT_MAX_AGE_MS,
    ...(options.minAge !== undefined ? { minAge: options.minAge } : {}),
    headers,
    skipTlsVerification: options.skipTlsVerification ?? true,
    timeout,
    removeBase64Images: options.removeBase64Images ?? true,
    // Pages fetched with the caller's own headers (cookies, tokens) are private to that caller.
    storeInCache: (options.storeInCache ?? true) && Object.keys(headers).length === 0,
    zeroDataRetention,
  };
}
