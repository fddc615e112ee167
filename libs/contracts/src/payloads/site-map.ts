import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const SITEMAP_MODES = ['include', 'skip', 'only'] as const;
/** How a map uses sitemaps: alongside link discovery (`include`), not at all (`skip`), or nothing else (`only`). */
export type SitemapMode = (typeof SITEMAP_MODES)[number];

export const MAX_MAP_LIMIT = 100_000;

/**
 * Request on `crawl.site.map`: every URL of a site the crawl's own discovery finds (robots.txt sitemaps, sitemap
 * indexes, the start page's links, the team's cached pages), normalised and de-duplicated as a crawl does. Used by
 * POST /v2/map and by extract's `https://site/*` URLs.
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
}

export interface SiteMapLink {
  url: string;
  title?: string;
  description?: string;
}

/** Reply of `crawl.site.map`. */
export interface SiteMapReply {
  links: SiteMapLink[];
  /** The deadline passed before discovery ended (POST /v2/map answers 408 MAP_TIMEOUT). */
  timedOut: boolean;
  /** Said when a sitemap was refused or cut short (too large, malformed, a private target). */
  warning?: string;
}
