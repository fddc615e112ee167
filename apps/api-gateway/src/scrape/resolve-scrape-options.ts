import {
  DEFAULT_MAX_AGE_MS,
  DEFAULT_SCRAPE_TIMEOUT_MS,
  DOCUMENT_FORMATS,
  type DocumentFormat,
  ErrorCode,
  type FormatEntry,
  type ResolvedScrapeOptions,
  type ScrapeOptions,
  type ScreenshotOptions,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { actionListProblems, type FieldProblem } from './action-rules';

/** Formats that need the extraction service, which this deployment does not run yet. */
const EXTRACTION_FORMATS = ['json', 'summary', 'changeTracking', 'branding'];

function formatName(entry: FormatEntry): string {
  return typeof entry === 'string' ? entry : entry.type;
}

function isInteger(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** The screenshot format's options as Firecrawl's format object takes them: fullPage, quality, viewport. */
function screenshotOptions(entry: FormatEntry, problems: FieldProblem[]): ScreenshotOptions {
  if (typeof entry === 'string') return { fullPage: false };
  const { type: _type, fullPage, quality, viewport, ...unknown } = entry;
  for (const field of Object.keys(unknown))
    problems.push({ path: `formats.screenshot.${field}`, message: `${field} is not a screenshot option` });
  if (fullPage !== undefined && typeof fullPage !== 'boolean')
    problems.push({ path: 'formats.screenshot.fullPage', message: 'fullPage must be a boolean' });
  if (quality !== undefined && !isInteger(quality, 1, 100))
    problems.push({ path: 'formats.screenshot.quality', message: 'quality must be an integer from 1 to 100' });
  const size = viewport as { width?: unknown; height?: unknown } | undefined;
  if (
    size !== undefined &&
    !(typeof size === 'object' && isInteger(size.width, 1, 7680) && isInteger(size.height, 1, 7680))
  ) {
    problems.push({
      path: 'formats.screenshot.viewport',
      message: 'viewport must be {width, height} in pixels, 1 to 7680',
    });
  }
  return {
    fullPage: fullPage === true,
    ...(typeof quality === 'number' ? { quality } : {}),
    ...(size ? { viewport: { width: size.width as number, height: size.height as number } } : {}),
  };
}

/** `parsers`: `["pdf"]` or `[{type: "pdf"}]` parse PDFs (the default); `[]` returns them raw. */
function rawPdf(parsers: unknown[] | undefined, problems: FieldProblem[]): boolean {
  if (parsers === undefined) return false;
  parsers.forEach((parser, index) => {
    const type = typeof parser === 'string' ? parser : (parser as { type?: unknown } | null)?.type;
    if (type !== 'pdf') problems.push({ path: `parsers.${index}`, message: 'the only parser is "pdf"' });
  });
  return parsers.length === 0;
}

/**
 * Applies every default of spec 2.2, checks what class-validator cannot (action lists, screenshot options,
 * waitFor against timeout) and refuses what this deployment cannot honour, so a request is never silently
 * answered with less than it asked for.
 */
export function resolveScrapeOptions(options: ScrapeOptions, zeroDataRetention = false): ResolvedScrapeOptions {
  const entries = options.formats ?? ['markdown'];
  const requested = entries.map(formatName);
  const unsupported = requested.filter((name) => EXTRACTION_FORMATS.includes(name));
  if (unsupported.length > 0) {
    throw new DomainError(
      ErrorCode.UnsupportedOption,
      `Unsupported format(s) in this deployment: ${unsupported.join(', ')}`,
      { supportedFormats: [...DOCUMENT_FORMATS, 'screenshot'] },
    );
  }
  const problems: FieldProblem[] = [];
  const screenshotEntry = entries.find((entry) => formatName(entry) === 'screenshot');
  const screenshot = screenshotEntry === undefined ? undefined : screenshotOptions(screenshotEntry, problems);
  const timeout = options.timeout ?? DEFAULT_SCRAPE_TIMEOUT_MS;
  const waitFor = options.waitFor ?? 0;
  if (waitFor > timeout / 2)
    problems.push({ path: 'waitFor', message: `waitFor must be at most half of timeout (${timeout / 2} ms)` });
  const actions = options.actions ?? [];
  problems.push(...actionListProblems(actions, waitFor));
  if (options.location?.country !== undefined && !/^[A-Za-z]{2}$/.test(options.location.country)) {
    problems.push({ path: 'location.country', message: 'country must be an ISO 3166-1 alpha-2 code such as US or DE' });
  }
  const pdfRaw = rawPdf(options.parsers, problems);
  if (problems.length > 0) {
    throw new DomainError(
      ErrorCode.BadRequest,
      `Bad Request: ${problems.map((problem) => problem.message).join('; ')}`,
      problems,
    );
  }

  const headers = options.headers ?? {};
  return {
    formats: [...new Set(requested.filter((name) => name !== 'screenshot'))] as DocumentFormat[],
    onlyMainContent: options.onlyMainContent ?? true,
    includeTags: options.includeTags ?? [],
    excludeTags: options.excludeTags ?? [],
    maxAge: options.maxAge ?? DEFAULT_MAX_AGE_MS,
    ...(options.minAge !== undefined ? { minAge: options.minAge } : {}),
    headers,
    skipTlsVerification: options.skipTlsVerification ?? true,
    timeout,
    removeBase64Images: options.removeBase64Images ?? true,
    // Whether a page may be cached is the scrape-worker's decision (headers, actions, zero data retention...).
    storeInCache: options.storeInCache ?? true,
    zeroDataRetention,
    ...(screenshot ? { screenshot } : {}),
    ...(waitFor > 0 ? { waitFor } : {}),
    ...(options.mobile ? { mobile: true } : {}),
    ...(actions.length > 0 ? { actions } : {}),
    ...(options.location
      ? {
          location: {
            country: (options.location.country ?? 'US').toUpperCase(),
            ...(options.location.languages ? { languages: options.location.languages } : {}),
          },
        }
      : {}),
    blockAds: options.blockAds ?? true,
    proxy: options.proxy ?? 'auto',
    ...(pdfRaw ? { rawPdf: true } : {}),
  };
}
