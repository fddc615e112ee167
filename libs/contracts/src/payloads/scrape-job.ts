import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Min,
  ValidateNested,
} from 'class-validator';
import type { ScrapeOrigin } from '../subjects';
import type { WireError } from '../error-codes';
import { ChangeTrackingOptions, type ChangeTrackingResult } from './change-tracking';
import type { BrandingProfile } from './branding';
import { ExtractionFormats } from './extraction';
import { ActionOption, LocationOption, ViewportOption } from './scrape-options';

/** The formats a scrape produces, after the gateway normalised the request's `formats`. */
export const DOCUMENT_FORMATS = ['markdown', 'html', 'rawHtml', 'links', 'images'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** The `screenshot` format as resolved: viewport-sized unless `fullPage`. */
export class ScreenshotOptions {
  @IsBoolean()
  fullPage!: boolean;

  @IsOptional()
  @IsInt()
  @Min(1)
  quality?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => ViewportOption)
  viewport?: ViewportOption;
}

export type ProxyMode = 'basic' | 'enhanced' | 'auto';

/** Fully resolved options of one scrape: every default applied, so workers and cache keys agree. */
export class ResolvedScrapeOptions {
  @IsArray()
  @IsIn(DOCUMENT_FORMATS, { each: true })
  formats!: DocumentFormat[];

  @IsBoolean()
  onlyMainContent!: boolean;

  @IsArray()
  @IsString({ each: true })
  includeTags!: string[];

  @IsArray()
  @IsString({ each: true })
  excludeTags!: string[];

  @IsInt()
  @Min(0)
  maxAge!: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  minAge?: number;

  @IsObject()
  headers!: Record<string, string>;

  @IsBoolean()
  skipTlsVerification!: boolean;

  @IsInt()
  @Min(1)
  timeout!: number;

  @IsBoolean()
  removeBase64Images!: boolean;

  @IsBoolean()
  storeInCache!: boolean;

  @IsBoolean()
  zeroDataRetention!: boolean;

  // Browser-engine options. Absent means off, so producers that predate them stay valid.

  /** Present when the `screenshot` format was requested. */
  @IsOptional()
  @ValidateNested()
  @Type(() => ScreenshotOptions)
  screenshot?: ScreenshotOptions;

  @IsOptional()
  @IsInt()
  @Min(0)
  waitFor?: number;

  @IsOptional()
  @IsBoolean()
  mobile?: boolean;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ActionOption)
  actions?: ActionOption[];

  @IsOptional()
  @ValidateNested()
  @Type(() => LocationOption)
  location?: LocationOption;

  @IsOptional()
  @IsBoolean()
  blockAds?: boolean;

  @IsOptional()
  @IsIn(['basic', 'enhanced', 'auto'])
  proxy?: ProxyMode;

  /** `parsers: []`: a PDF comes back as base64 instead of markdown. */
  @IsOptional()
  @IsBoolean()
  rawPdf?: boolean;

  /** The `json` and `summary` formats, answered by extract-service from the page's markdown and HTML. */
  @IsOptional()
  @ValidateNested()
  @Type(() => ExtractionFormats)
  extraction?: ExtractionFormats;

  /** The `changeTracking` format: the page's markdown compared with this team's previous scrape of it. */
  @IsOptional()
  @ValidateNested()
  @Type(() => ChangeTrackingOptions)
  changeTracking?: ChangeTrackingOptions;
  /** The `branding` format: the page's colours, fonts, logo and components, sampled in Chromium. */
  @IsOptional()
  @IsBoolean()
  branding?: boolean;
}

/**
 * The rules of spec 4.5 that decide, from a link alone, whether it belongs to a crawl (the crawl's start URL and the
 * options of the same names). Depth, robots.txt and the limit stay the crawl-scheduler's to apply.
 */
export class DiscoveryScope {
  @IsString()
  startUrl!: string;

  @IsBoolean()
  crawlEntireDomain!: boolean;

  @IsBoolean()
  allowSubdomains!: boolean;

  @IsBoolean()
  allowExternalLinks!: boolean;

  @IsArray()
  @IsString({ each: true })
  includePaths!: string[];

  @IsArray()
  @IsString({ each: true })
  excludePaths!: string[];

  @IsBoolean()
  regexOnFullURL!: boolean;
}

/** Command on `scrape.job.run`. */
export class ScrapeJobCommand {
  @IsUUID()
  jobId!: string;

  @IsString()
  teamId!: string;

  /** The API key a direct scrape was asked with: its charge carries it (per-key usage). */
  @IsOptional()
  @IsUUID()
  apiKeyId?: string;

  @IsString()
  url!: string;

  @IsIn(['direct', 'scheduled', 'extract'])
  origin!: ScrapeOrigin;

  /**
   * The token of the process waiting for a direct or extract scrape: the end is announced under it
   * (`scrape.job.finished.<origin>.<resultRoute>.<jobId>`), so one gateway replica does not hear every other's.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/)
  resultRoute?: string;

  @ValidateNested()
  @Type(() => ResolvedScrapeOptions)
  options!: ResolvedScrapeOptions;

  /** Epoch ms after which nobody waits for the result any more. */
  @IsInt()
  deadlineAt!: number;

  /** Crawls need the page's links whatever formats were asked for; they come back in `discoveredLinks`. */
  @IsOptional()
  @IsBoolean()
  discoverLinks?: boolean;

  /**
   * With `discoverLinks`: only the links within this scope come back in `discoveredLinks`, each once, so a page's
   * menus, footers and links to other sites do not travel to the crawl-scheduler only to be dropped there.
   */
  @IsOptional()
  @ValidateNested()
  @Type(() => DiscoveryScope)
  discoveryScope?: DiscoveryScope;

  /**
   * A crawl scrapes this page only to report it: an earlier crawl of the site found it, this one no longer links to
   * it. Its change tracking says `visibility: hidden`.
   */
  @IsOptional()
  @IsBoolean()
  hidden?: boolean;
}

export interface PageMetadata {
  title?: string;
  description?: string;
  language?: string;
  sourceURL: string;
  url: string;
  keywords?: string;
  ogLocaleAlternate?: string[];
  statusCode: number;
  contentType?: string;
  error?: string;
  cacheState?: 'hit' | 'miss';
  cachedAt?: string;
  [key: string]: unknown;
}

/** What a list of actions produced (spec 2.4); screenshots and pdfs are stored-file references until the gateway signs them. */
export interface ActionOutputs {
  screenshots: string[];
  scrapes: { url: string; html: string }[];
  javascriptReturns: { type: string; value: unknown }[];
  pdfs: string[];
}

/** The `data` of a scrape response (spec 2.4). */
export interface ScrapeDocument {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  /** A stored-file reference (see `storedFileRef`) until the gateway turns it into a signed URL. */
  screenshot?: string;
  actions?: ActionOutputs;
  /** The `json` format's answer: it validates against the caller's schema. */
  json?: unknown;
  summary?: string;
  changeTracking?: ChangeTrackingResult;
  /** The `branding` format's profile. */
  branding?: BrandingProfile;
  metadata: PageMetadata;
  warning?: string;
}

/** Whether `document` holds stored-file references, which the gateway turns into signed URLs before answering. */
export function holdsStoredFiles(document: Pick<ScrapeDocument, 'screenshot' | 'actions'>): boolean {
  return document.screenshot !== undefined || document.actions !== undefined;
}

/** Event on `scrape.job.finished.<origin>.<jobId>`. */
export class ScrapeJobFinishedEvent {
  @IsUUID()
  jobId!: string;

  @IsString()
  teamId!: string;

  @IsIn(['completed', 'failed'])
  status!: 'completed' | 'failed';

  /** The document, when the scrape completed. */
  @IsOptional()
  @IsObject()
  document?: ScrapeDocument;

  /**
   * The document as JSON text, instead of `document`, serialised once by the worker (or a cache hit's text as Postgres
   * printed it) and parsed by nobody on the way:
   * - for a requester that waits (a command with `resultRoute`), it goes to the HTTP reply as it is; such a document
   *   never holds stored-file references ({@link holdsStoredFiles}): those travel as `document`, for the gateway to
   *   sign;
   * - for a scheduled page, the crawl-scheduler stores it and splices it into status pages and webhooks; it comes
   *   with `pageUrl`.
   */
  @IsOptional()
  @IsString()
  documentJson?: string;

  /**
   * The URL the page was read from after redirects (`metadata.url` of the document), beside a scheduled page's
   * `documentJson`: the crawl-scheduler reads links against it and tells redirect duplicates by it.
   */
  @IsOptional()
  @IsString()
  pageUrl?: string;

  @IsOptional()
  @IsObject()
  error?: WireError;

  /** Credits the scrape cost; the owner of a scheduled job bills them when it keeps the page. */
  @IsOptional()
  @IsInt()
  @Min(0)
  credits?: number;

  /** LLM tokens the page's model calls took (json, summary, change tracking's json, branding); charged with it. */
  @IsOptional()
  @IsInt()
  @Min(0)
  tokens?: number;

  /** Absolute links of the page, for jobs that asked to discover links (at most MAX_DISCOVERED_LINKS_PER_PAGE). */
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  discoveredLinks?: string[];
}
