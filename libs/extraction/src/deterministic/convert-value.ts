import { isPlainObject, type JsonSchema, typesOf } from '../schema/json-schema';
import { nameTokens } from './field-names';

/** A value the converter could not turn into the requested type. */
export const UNCONVERTIBLE = Symbol('unconvertible');

/** The text an entity stands for: its name, text or value, or an address written out. */
export function entityText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length > 0 ? entityText(value[0]) : undefined;
  if (!isPlainObject(value)) return undefined;
  for (const key of ['name', 'text', '@value', 'value', 'ratingValue', 'price', 'url', 'contentUrl', '@id']) {
    const text = entityText(value[key]);
    if (text) return text;
  }
  const address = ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry']
    .map((key) => entityText(value[key]))
    .filter(Boolean);
  if (address.length > 0) return address.join(', ');
  return isPlainObject(value.address) ? entityText(value.address) : undefined;
}

/**
 * The first number in a text, whatever its separators: `$1,299.00` -> 1299, `1.299,00 €` -> 1299,
 * `4.5 out of 5` -> 4.5. An ISO 8601 duration (`PT1H30M`) gives minutes.
 */
export function parseNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  const text = entityText(raw);
  if (!text) return undefined;
  const minutes = durationMinutes(text);
  if (minutes !== undefined) return minutes;
  const match = /-?\d[\d.,\u00a0\u202f ']*\d|-?\d/.exec(text);
  if (!match) return undefined;
  let digits = match[0].replace(/[\u00a0\u202f ']/g, '');
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    digits = lastComma > lastDot ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  } else if (lastComma >= 0) {
    digits = /^-?\d{1,3}(,\d{3})+$/.test(digits) ? digits.replace(/,/g, '') : digits.replace(',', '.');
  } else if ((digits.match(/\./g) ?? []).length > 1) {
    digits = digits.replace(/\./g, '');
  }
  const value = Number(digits);
  return Number.isFinite(value) ? value : undefined;
}

/** `PT1H30M` -> 90; undefined for anything else. */
export function durationMinutes(text: string): number | undefined {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(
    text.trim(),
  );
  if (!match || text.trim().length <= 2) return undefined;
  const [, days, hours, minutes, seconds] = match.map((part) => (part === undefined ? 0 : Number(part)));
  return Math.round(days * 1440 + hours * 60 + minutes + seconds / 60);
}

const TRUE_WORDS = new Set([
  'true',
  'yes',
  'y',
  '1',
  'instock',
  'in stock',
  'available',
  'onlineonly',
  'instoreonly',
  'limitedavailability',
  'presale',
  'preorder',
]);
const FALSE_WORDS = new Set([
  'false',
  'no',
  'n',
  '0',
  'outofstock',
  'out of stock',
  'soldout',
  'sold out',
  'unavailable',
  'discontinued',
]);

export function parseBoolean(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw !== 0;
  const text = entityText(raw);
  if (!text) return undefined;
  const word = (text.split(/[/#]/).pop() ?? text).trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/** A date as `YYYY-MM-DD` (`date`) or a full ISO timestamp (`date-time`). */
export function parseDate(raw: unknown, format: 'date' | 'date-time'): string | undefined {
  const text = entityText(raw);
  if (!text) return undefined;
  const iso = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?/.exec(text);
  if (iso && format === 'date') return iso[1];
  const time = Date.parse(text);
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  if (format === 'date-time') return date.toISOString();
  // A date without a time of day parses as local midnight: its local parts are the date the page meant.
  const pad = (part: number): string => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Converts one scalar found on the page to a scalar schema (string, number, integer, boolean, enum). */
export function convertScalar(raw: unknown, schema: JsonSchema, baseUrl: string): unknown {
  if (Array.isArray(schema.enum)) return matchEnum(raw, schema.enum);
  if ('const' in schema) return UNCONVERTIBLE;
  const types = typesOf(schema).filter((type) => type !== 'null');
  for (const type of types.length > 0 ? types : ['string']) {
    const value = convertTo(raw, type, schema, baseUrl);
    if (value !== undefined) return value;
  }
  return UNCONVERTIBLE;
}

function convertTo(raw: unknown, type: string, schema: JsonSchema, baseUrl: string): unknown {
  switch (type) {
    case 'number':
      return parseNumber(raw);
    case 'integer': {
      const value = parseNumber(raw);
      return value === undefined ? undefined : Math.round(value);
    }
    case 'boolean':
      return parseBoolean(raw);
    case 'string': {
      if (schema.format === 'date' || schema.format === 'date-time') return parseDate(raw, schema.format);
      const text = entityText(raw);
      if (text === undefined) return undefined;
      if (schema.format === 'uri' || schema.format === 'url' || schema.format === 'iri')
        return absoluteUrl(text, baseUrl);
      return text;
    }
    default:
      return undefined;
  }
}

function absoluteUrl(text: string, baseUrl: string): string | undefined {
  try {
    return new URL(text, baseUrl || undefined).toString();
  } catch {
    return undefined;
  }
}

function matchEnum(raw: unknown, options: unknown[]): unknown {
  const text = entityText(raw);
  if (text === undefined) return UNCONVERTIBLE;
  const wanted = (text.split(/[/#]/).pop() ?? text).replace(/[\s_-]+/g, '').toLowerCase();
  const found = options.find(
    (option) => typeof option === 'string' && option.replace(/[\s_-]+/g, '').toLowerCase() === wanted,
  );
  if (found !== undefined) return found;
  // schema.org enumeration members carry their type in the name (`EventPostponed`, `NewCondition`): one option that
  // is a whole word of the member is the member.
  const words = nameTokens(text.split(/[/#]/).pop() ?? text);
  const worded = options.filter(
    (option) => typeof option === 'string' && words.includes(option.replace(/[\s_-]+/g, '').toLowerCase()),
  );
  if (worded.length === 1) return worded[0];
  const number = parseNumber(text);
  return options.find((option) => typeof option === 'number' && option === number) ?? UNCONVERTIBLE;
}
