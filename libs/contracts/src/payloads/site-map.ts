import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsStringRecord } from './scrape-options';

export const SITEMAP_MODES = ['include', 'skip', 'only'] as const;
/** How a map uses sitemaps: alongside link discovery (`include`), not at all (`skip`), or nothing else (`only`). */
export type SitemapMode = (typeof SITEMAP_MODES)[number];

export const MAX_MAP_LIMIT = 100_000;

/**
 * Request on `crawl.site.map`: every URL of a site the crawl's own discovery finds (robots.txt sitemaps, sitemap
 * indexes, the start page's links, the pages the team's crawls kept), normalised and de-duplicated as a crawl does.
 * Used by POST /v2/map and by extract's `https://site/*` URLs.
 */
export class SiteMapRequest {
  @IsString()
  teamId!: string;

  @IsString()
  @MaxLength(8_192)
  url!: string;

  /** Words to rank the links by (path tokens, title, description), best first. */
  @IsOptional()
  @IsString()
  @MaxLength(1_000)
  search?: string;

  @IsIn(SITEMAP_MODES)
  sitemap!: SitemapMode;

  @IsBoolean()
  includeSubdomains!: boolean;

  @IsBoolean()
  ignoreQueryParameters!: boolean;

  @IsInt()
  @Min(1)
  @Max(MAX_MAP_LIMIT)
  limit!: number;

  /** Epoch ms by which the answer must be back; a map still running then replies `timedOut`. */
  @IsInt()
  deadlineAt!: number;

  /** Sent with the start page request (cookies, user agent). */
  @IsOptional()
  @IsStringRecord()
  headers?: Record<string, string>;

  /** Languages the start page is asked for (Accept-Language), from the request's `location`. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  languages?: string[];
}

export interface SiteMapLink {
  url: string;
  title?: string;
  description?: string;
}

/** Reply of `crawl.site.map`. */
export interface SiteMapReply {
  links: SiteMapLink[];
  /** The deadline passed before discovery ended (POST /v2/map answers 408 MAP_TIMEOUT); `links` may then be partial. */
  timedOut: boolean;
  /** Said when a sitemap was refused or cut short (too large, malformed, a private target). */
  warning?: string;
}

/** Most links one {@link PageLinksReply} carries, as for a crawled page. */
export const MAX_PAGE_LINKS = 5_000;

/**
 * Request on `scrape.page-links.fetch`: one page fetched over HTTP (no browser) through a worker's target guard and
 * reduced to what discovery needs. A map reads its start page this way: the links come from the worker's own link
 * extraction, and no scrape is billed.
 */
export class PageLinksRequest {
  @IsString()
  @MaxLength(8_192)
  url!: string;

  @IsOptional()
  @IsStringRecord()
  headers?: Record<string, string>;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  languages?: string[];

  @IsInt()
  @Min(1)
  @Max(120_000)
  timeoutMs!: number;
}

export interface PageLinksReply {
  statusCode: number;
  finalUrl: string;
  title?: string;
  description?: string;
  /** Absolute link targets in page order, at most {@link MAX_PAGE_LINKS}. */
  links: string[];
}
