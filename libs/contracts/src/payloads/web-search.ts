import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

export const SEARCH_SOURCES = ['web', 'news', 'images'] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

/** Firecrawl's web-search categories this deployment answers (`developer` is Firecrawl's own index, not a filter). */
export const SEARCH_CATEGORIES = ['github', 'research', 'pdf'] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

/** Time filters in Google's `tbs` spelling: the past hour, day, week, month or year. */
export const SEARCH_TIME_FILTERS = ['qdr:h', 'qdr:d', 'qdr:w', 'qdr:m', 'qdr:y'] as const;
export type SearchTimeFilter = (typeof SEARCH_TIME_FILTERS)[number];

export const MAX_SEARCH_LIMIT = 100;
export const DEFAULT_SEARCH_LIMIT = 10;
/** Most domains one `includeDomains` or `excludeDomains` list may name (each becomes a query term). */
export const MAX_SEARCH_DOMAIN_FILTERS = 50;
/** A host name as `site:` takes it: labels of letters, digits and hyphens, no scheme, port or path. */
export const SEARCH_DOMAIN_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * Request on `search.web.query`: one query to the operator's search backend (SearXNG's JSON API). The one search
 * client of the system: POST /v2/search and extract's `enableWebSearch` both ask it. `limit` applies to each source.
 */
export class WebSearchRequest {
  @IsString()
  teamId!: string;

  @IsString()
  @MaxLength(2_000)
  @Matches(/\S/, { message: 'query must not be empty' })
  query!: string;

  @IsInt()
  @Min(1)
  @Max(MAX_SEARCH_LIMIT)
  limit!: number;

  @IsArray()
  @ArrayMinSize(1)
  @IsIn(SEARCH_SOURCES, { each: true })
  sources!: SearchSource[];

  @IsOptional()
  @IsArray()
  @IsIn(SEARCH_CATEGORIES, { each: true })
  categories?: SearchCategory[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SEARCH_DOMAIN_FILTERS)
  @Matches(SEARCH_DOMAIN_PATTERN, { each: true })
  includeDomains?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SEARCH_DOMAIN_FILTERS)
  @Matches(SEARCH_DOMAIN_PATTERN, { each: true })
  excludeDomains?: string[];

  /** Time filter in Google's `tbs` spelling (`qdr:d`, `qdr:w`...). */
  @IsOptional()
  @IsIn(SEARCH_TIME_FILTERS)
  tbs?: SearchTimeFilter;

  /** ISO 3166-1 alpha-2 country the results are for. */
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/)
  country?: string;

  /** ISO 639-1 language of the results. */
  @IsOptional()
  @Matches(/^[A-Za-z]{2,3}$/)
  lang?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  location?: string;

  /** Epoch ms by which the answer must be back. */
  @IsInt()
  deadlineAt!: number;
}

export interface WebSearchResult {
  url: string;
  title?: string;
  description?: string;
  /** 1-based rank within its source. */
  position: number;
  /** The asked category the result belongs to (`github`, `research`, `pdf`), when categories were asked. */
  category?: SearchCategory;
}

export interface NewsSearchResult {
  url: string;
  title?: string;
  snippet?: string;
  date?: string;
  imageUrl?: string;
  position: number;
}

export interface ImageSearchResult {
  /** The page the image is on. */
  url: string;
  imageUrl: string;
  title?: string;
  imageWidth?: number;
  imageHeight?: number;
  position: number;
}

/** Reply of `search.web.query`: one list per source asked for (empty when nothing was found). */
export interface WebSearchReply {
  web?: WebSearchResult[];
  news?: NewsSearchResult[];
  images?: ImageSearchResult[];
  /** What the backend could not honour (a filter it lacks, a later page that failed), in words for the caller. */
  warning?: string;
}
