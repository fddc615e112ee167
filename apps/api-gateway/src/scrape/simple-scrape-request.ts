import { FORMAT_TYPES, MAX_CACHE_AGE_MS, MAX_SCRAPE_TIMEOUT_MS } from '@wh/contracts';
import { isHttpUrl, withScheme } from '../http/target-url';
import { ScrapeRequestDto } from './scrape-request.dto';

type FieldCheck = (value: unknown) => boolean;

const isBoolean: FieldCheck = (value) => typeof value === 'boolean';
const isString: FieldCheck = (value) => typeof value === 'string';
const integerIn =
  (min: number, max: number): FieldCheck =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const formatNames = new Set<unknown>(FORMAT_TYPES);
const isFormatNameList: FieldCheck = (value) =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string' && formatNames.has(entry));
const isProxy: FieldCheck = (value) => value === 'basic' || value === 'enhanced' || value === 'auto';

/**
 * The fields of a scrape body that a plain type check settles, with the rule of each as ScrapeRequestDto's decorators
 * state it; `url` is checked on its own. A field left out here (actions, location, headers, tags, parsers, format
 * objects) sends the body through the full pipeline.
 */
const SIMPLE_FIELDS = new Map<string, FieldCheck>([
  ['formats', isFormatNameList],
  ['onlyMainContent', isBoolean],
  ['maxAge', integerIn(0, MAX_CACHE_AGE_MS)],
  ['minAge', integerIn(1, MAX_CACHE_AGE_MS)],
  ['waitFor', integerIn(0, Number.MAX_VALUE)],
  ['mobile', isBoolean],
  ['skipTlsVerification', isBoolean],
  ['timeout', integerIn(1, MAX_SCRAPE_TIMEOUT_MS)],
  ['removeBase64Images', isBoolean],
  ['blockAds', isBoolean],
  ['proxy', isProxy],
  ['storeInCache', isBoolean],
  ['zeroDataRetention', isBoolean],
  ['origin', isString],
  ['integration', isString],
]);

/**
 * The ScrapeRequestDto that class-transformer and class-validator would build from `body`, when the body is the
 * common small kind: a JSON object of a `url` and simple fields of the right types, every one valid. Anything else
 * (a field of any other kind, a wrong type, a value out of range, a bad URL) gives undefined, and the caller runs
 * the full pipeline, which stays the authority and words every error. Running both for every request cost the
 * gateway about a tenth of its CPU per cached hit; `simple-scrape-request.spec.ts` holds the two to the same answers.
 */
export function simpleScrapeRequest(body: unknown): ScrapeRequestDto | undefined {
  if (typeof body !== 'object' || body === null || Object.getPrototypeOf(body) !== Object.prototype) return undefined;
  const fields = body as Record<string, unknown>;
  const url = withScheme({ value: fields.url });
  if (typeof url !== 'string' || !isHttpUrl(url)) return undefined;
  for (const key in fields) {
    if (key === 'url') continue;
    const check = SIMPLE_FIELDS.get(key);
    if (!check?.(fields[key])) return undefined;
  }
  const request = Object.assign(new ScrapeRequestDto(), fields);
  request.url = url;
  // class-transformer hands on a copy of an array, never the parsed body's own.
  if (Array.isArray(fields.formats)) request.formats = [...(fields.formats as ScrapeRequestDto['formats'] & [])];
  return request;
}
