import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateNested,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';

export const MAX_SCRAPE_TIMEOUT_MS = 300_000;
/** Most actions one scrape may run. */
export const MAX_ACTIONS = 50;
/** Most waiting (wait actions plus waitFor) one scrape may ask for. */
export const MAX_ACTION_WAIT_MS = 60_000;
/** Action kinds of the v2 API, with Firecrawl's names. */
export const ACTION_TYPES = [
  'wait',
  'click',
  'write',
  'press',
  'scroll',
  'screenshot',
  'scrape',
  'executeJavascript',
  'pdf',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const DEFAULT_SCRAPE_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_AGE_MS = 172_800_000;
/**
 * Largest maxAge or minAge: a century, which already means any cached copy. Past it the cut-off date leaves the range
 * of dates (1e300 made an invalid date that Postgres refused, a 500).
 */
export const MAX_CACHE_AGE_MS = 100 * 365 * 24 * 60 * 60 * 1000;

/** Output formats named by the v2 API. */
export const FORMAT_TYPES = [
  'markdown',
  'html',
  'rawHtml',
  'links',
  'images',
  'summary',
  'screenshot',
  'json',
  'changeTracking',
  'branding',
] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];

/** A format as the API accepts it: a bare name, or an object with `type` and that format's options. */
export type FormatEntry = FormatType | ({ type: FormatType } & Record<string, unknown>);

function isFormatEntry(value: unknown): boolean {
  if (typeof value === 'string') return (FORMAT_TYPES as readonly string[]).includes(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && (FORMAT_TYPES as readonly string[]).includes(type);
}

function IsFormatList(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isFormatList',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.every(isFormatEntry),
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'formats'} must be an array of format names (${FORMAT_TYPES.join(', ')}) or objects with such a type`,
      },
    });
  };
}

/** An object whose values are all strings (HTTP headers). */
export function IsStringRecord(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isStringRecord',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.values(value).every((entry) => typeof entry === 'string'),
        defaultMessage: (args?: ValidationArguments) => `${args?.property ?? 'value'} must be an object of strings`,
      },
    });
  };
}

export class ViewportOption {
  @IsInt()
  @Min(1)
  @Max(7680)
  width!: number;

  @IsInt()
  @Min(1)
  @Max(7680)
  height!: number;
}

export class LocationOption {
  @IsOptional()
  @IsString()
  country?: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  languages?: string[];
}

/**
 * One browser action with the fields Firecrawl's action kinds use. Which fields go with which kind is checked by
 * the browser engine; here a well-formed action list must not be mistaken for unknown fields.
 */
export class ActionOption {
  @IsIn(ACTION_TYPES)
  type!: ActionType;

  @IsOptional()
  @IsInt()
  @Min(0)
  milliseconds?: number;

  @IsOptional()
  @IsString()
  selector?: string;

  @IsOptional()
  @IsBoolean()
  all?: boolean;

  @IsOptional()
  @IsString()
  text?: string;

  @IsOptional()
  @IsString()
  key?: string;

  @IsOptional()
  @IsIn(['up', 'down'])
  direction?: 'up' | 'down';

  @IsOptional()
  @IsBoolean()
  fullPage?: boolean;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  quality?: number;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ViewportOption)
  viewport?: ViewportOption;

  @IsOptional()
  @IsString()
  script?: string;

  @IsOptional()
  @IsBoolean()
  landscape?: boolean;

  @IsOptional()
  @IsNumber()
  @Min(0.1)
  @Max(2)
  scale?: number;

  @IsOptional()
  @IsString()
  format?: string;
}

/** Scrape options of spec section 2.2, shared by scrape, batch scrape, crawl and extract. */
export class ScrapeOptions {
  @IsOptional()
  @IsFormatList()
  formats?: FormatEntry[];

  @IsOptional()
  @IsBoolean()
  onlyMainContent?: boolean;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  includeTags?: string[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  excludeTags?: string[];

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_CACHE_AGE_MS)
  maxAge?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_CACHE_AGE_MS)
  minAge?: number;

  @IsOptional()
  @IsStringRecord()
  headers?: Record<string, string>;

  @IsOptional()
  @IsInt()
  @Min(0)
  waitFor?: number;

  @IsOptional()
  @IsBoolean()
  mobile?: boolean;

  @IsOptional()
  @IsBoolean()
  skipTlsVerification?: boolean;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SCRAPE_TIMEOUT_MS)
  timeout?: number;

  @IsOptional()
  @IsArray()
  parsers?: unknown[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ActionOption)
  actions?: ActionOption[];

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => LocationOption)
  location?: LocationOption;

  @IsOptional()
  @IsBoolean()
  removeBase64Images?: boolean;

  @IsOptional()
  @IsBoolean()
  blockAds?: boolean;

  @IsOptional()
  @IsIn(['basic', 'enhanced', 'auto'])
  proxy?: 'basic' | 'enhanced' | 'auto';

  @IsOptional()
  @IsBoolean()
  storeInCache?: boolean;
}
