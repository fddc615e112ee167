import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ErrorCode, type ResolvedScrapeOptions } from '@wh/contracts';
import { DomainError, validationProblems } from '@wh/platform/errors';
import { keysLostInTransformation, unsafeInputProblems } from '../http/unsafe-input';
import type { FieldProblem } from '../scrape/action-rules';
import { resolveScrapeOptions } from '../scrape/resolve-scrape-options';
import { ParseOptionsDto } from './parse-options.dto';

/** Scrape options that need a live page or the page cache, which an uploaded file has neither of. */
const PAGE_ONLY_OPTIONS = ['waitFor', 'mobile', 'actions', 'location', 'maxAge', 'minAge', 'storeInCache'] as const;

/** Formats of a rendered page (or of a page seen twice) that a file cannot give. */
const PAGE_ONLY_FORMATS = ['screenshot', 'changeTracking', 'branding'];

function refused(problems: FieldProblem[]): DomainError {
  return new DomainError(
    ErrorCode.BadRequest,
    `Bad Request: ${problems.map((problem) => problem.message).join('; ')}`,
    problems,
  );
}

function parsedJson(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw refused([{ path: 'options', message: `options is not valid JSON (${(error as Error).message})` }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw refused([{ path: 'options', message: 'options must be a JSON object' }]);
  }
  return value as Record<string, unknown>;
}

function pageOnlyProblems(options: ParseOptionsDto): FieldProblem[] {
  const problems: FieldProblem[] = PAGE_ONLY_OPTIONS.filter((field) => options[field] !== undefined).map((field) => ({
    path: field,
    message: `parse does not support ${field}: an uploaded file is not a live page`,
  }));
  if (options.proxy === 'enhanced') {
    problems.push({ path: 'proxy', message: "parse only supports proxy values of 'basic' or 'auto'" });
  }
  for (const entry of options.formats ?? []) {
    const name = typeof entry === 'string' ? entry : entry.type;
    if (PAGE_ONLY_FORMATS.includes(name)) {
      problems.push({ path: `formats.${name}`, message: `parse does not support the ${name} format` });
    }
  }
  return problems;
}

/**
 * The `options` part of an upload (absent: every default) as the options of one conversion: validated as strictly
 * as a scrape's body (unknown fields are a 400 naming them), options that only make sense for a live page refused
 * by name, then resolved by scrape's own rules so formats, parsers and timeouts mean the same in both.
 */
export function resolveParseOptions(text: string | undefined): ResolvedScrapeOptions {
  const plain = text === undefined ? {} : parsedJson(text);
  const unsafe = unsafeInputProblems(plain);
  if (unsafe.length > 0) throw refused(unsafe);
  const options = plainToInstance(ParseOptionsDto, plain);
  const errors = validateSync(options, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  const lost = keysLostInTransformation(plain, options);
  const problems = errors.length > 0 ? validationProblems(errors) : lost.length > 0 ? lost : pageOnlyProblems(options);
  if (problems.length > 0) throw refused(problems);
  const { zeroDataRetention, origin: _origin, integration: _integration, ...scrapeOptions } = options;
  // A file is read once and never cached.
  return { ...resolveScrapeOptions(scrapeOptions, zeroDataRetention ?? false), maxAge: 0, storeInCache: false };
}
