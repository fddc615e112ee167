import {
  DEFAULT_MAX_AGE_MS,
  DEFAULT_SCRAPE_TIMEOUT_MS,
  type DocumentFormat,
  ErrorCode,
  type ExtractionFormats,
  type FormatEntry,
  MAX_EXTRACTION_PROMPT_CHARS,
  type ResolvedScrapeOptions,
  type ScrapeOptions,
  type ScreenshotOptions,
} from '@wh/contracts';
import { compileUserSchema, InvalidSchemaError } from '@wh/extraction';
import { DomainError } from '@wh/platform/errors';
import { actionListProblems, type FieldProblem } from './action-rules';
import { changeTrackingFormat } from './change-tracking-format';

/** Formats with options or work of their own, resolved apart from the document formats. */
const PAGE_LEVEL_FORMATS = ['screenshot', 'changeTracking', 'branding'];

/** Formats answered by extract-service rather than by the page's conversion. */
const EXTRACTION_FORMATS = ['json', 'summary'];

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

/**
 * The `json` format: a schema (compiled here, so a bad one is refused with Ajv's messages before any page is fetched),
 * a prompt, or both; with a prompt alone extract-service designs the schema.
 */
function jsonFormat(entry: FormatEntry, problems: FieldProblem[]): ExtractionFormats['json'] {
  if (typeof entry === 'string') {
    problems.push({
      path: 'formats.json',
      message: 'the json format needs a schema or a prompt: {"type": "json", "schema": {...}}',
    });
    return undefined;
  }
  const { type: _type, schema, prompt, ...unknown } = entry;
  for (const field of Object.keys(unknown))
    problems.push({ path: `formats.json.${field}`, message: `${field} is not a json format option` });
  if (prompt !== undefined && (typeof prompt !== 'string' || prompt.length > MAX_EXTRACTION_PROMPT_CHARS))
    problems.push({
      path: 'formats.json.prompt',
      message: `prompt must be a string of at most ${MAX_EXTRACTION_PROMPT_CHARS} characters`,
    });
  if (schema === undefined && (prompt === undefined || prompt === '')) {
    problems.push({ path: 'formats.json', message: 'the json format needs a schema or a prompt' });
  }
  if (schema !== undefined) {
    try {
      compileUserSchema(schema);
    } catch (error) {
      if (!(error instanceof InvalidSchemaError)) throw error;
      for (const problem of error.problems)
        problems.push({
          path: 'formats.json.schema',
          message: `formats.json.schema is not a usable JSON schema: ${problem}`,
        });
    }
  }
  return {
    ...(schema !== undefined ? { schema: schema as Record<string, unknown> } : {}),
    ...(typeof prompt === 'string' && prompt !== '' ? { prompt } : {}),
  };
}

/** `summary` or `{type: "summary"}`: it takes no options. */
function summaryFormat(entry: FormatEntry, problems: FieldProblem[]): void {
  if (typeof entry === 'string') return;
  const { type: _type, ...unknown } = entry;
  for (const field of Object.keys(unknown))
    problems.push({ path: `formats.summary.${field}`, message: `${field} is not a summary format option` });
}

/** `branding` or `{type: "branding"}`: it takes no options; whether it was asked for. */
function brandingFormat(entries: FormatEntry[], problems: FieldProblem[]): boolean {
  const entry = entries.find((candidate) => formatName(candidate) === 'branding');
  if (entry === undefined) return false;
  if (typeof entry !== 'string') {
    const { type: _type, ...unknown } = entry;
    for (const field of Object.keys(unknown))
      problems.push({ path: `formats.branding.${field}`, message: `${field} is not a branding format option` });
  }
  return true;
}

/** The formats extract-service answers, or undefined when none was asked. */
function extractionFormats(entries: FormatEntry[], problems: FieldProblem[]): ExtractionFormats | undefined {
  const jsonEntry = entries.find((entry) => formatName(entry) === 'json');
  const summaryEntry = entries.find((entry) => formatName(entry) === 'summary');
  if (jsonEntry === undefined && summaryEntry === undefined) return undefined;
  if (summaryEntry !== undefined) summaryFormat(summaryEntry, problems);
  const json = jsonEntry === undefined ? undefined : jsonFormat(jsonEntry, problems);
  return { ...(json ? { json } : {}), ...(summaryEntry !== undefined ? { summary: true } : {}) };
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
  const problems: FieldProblem[] = [];
  const extraction = extractionFormats(entries, problems);
  const branding = brandingFormat(entries, problems);
  const screenshotEntry = entries.find((entry) => formatName(entry) === 'screenshot');
  const screenshot = screenshotEntry === undefined ? undefined : screenshotOptions(screenshotEntry, problems);
  const changeTrackingEntry = entries.find((entry) => formatName(entry) === 'changeTracking');
  const changeTracking =
    changeTrackingEntry === undefined ? undefined : changeTrackingFormat(changeTrackingEntry, requested, problems);
  if (changeTracking && options.minAge !== undefined)
    problems.push({ path: 'minAge', message: 'changeTracking compares the live page: it cannot be served by minAge' });
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
    formats: [
      ...new Set(requested.filter((name) => !PAGE_LEVEL_FORMATS.includes(name) && !EXTRACTION_FORMATS.includes(name))),
    ] as DocumentFormat[],
    onlyMainContent: options.onlyMainContent ?? true,
    includeTags: options.includeTags ?? [],
    excludeTags: options.excludeTags ?? [],
    // A monitor must never be told "same" from a cached copy: change tracking always compares the live page.
    maxAge: changeTracking ? 0 : (options.maxAge ?? DEFAULT_MAX_AGE_MS),
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
    ...(extraction ? { extraction } : {}),
    ...(changeTracking ? { changeTracking } : {}),
    ...(branding ? { branding: true } : {}),
  };
}
