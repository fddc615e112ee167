import { IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const SEARCH_SOURCES = ['web', 'news', 'images'] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

export const MAX_SEARCH_LIMIT = 100;

/**
 * Request on `search.web.query`: one query to the operator's search backend (SearXNG's JSON API). The one search
 * client of the system: POST /v2/search and extract's `enableWebSearch` both ask it.
 */
export class WebSearchRequest {
  @IsString()
  teamId!: string;

  @IsString()
  @MaxLength(2_000)
  query!: string;

  @IsInt()
  @Min(1)
  @Max(MAX_SEARCH_LIMIT)
  limit!: number;

  @IsArray()
  @IsIn(SEARCH_SOURCES, { each: true })
  sources!: SearchSource[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  categories?: string[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  includeDomains?: string[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  excludeDomains?: string[];

  /** Time filter in Google's `tbs` spelling (`qdr:d`, `qdr:w`...). */
  @IsOptional()
  @IsString()
  tbs?: string;

  @IsOptional()
  @IsString()
  country?: string;

  @IsOptional()
  @IsString()
  lang?: string;

  @IsOptional()
  @IsString()
  location?: string;

  /** Epoch ms by which the answer must be back. */
  @IsInt()
  deadlineAt!: number;
}

export interface WebSearchResult {
  url: string;
  title?: string;
  description?: string;
  position: number;
  category?: string;
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
  url: string;
  imageUrl: string;
  title?: string;
  imageWidth?: number;
  imageHeight?: number;
  position: number;
}

/** Reply of `search.web.query`: one list per source asked for. */
export interface WebSearchReply {
  web?: WebSearchResult[];
  news?: NewsSearchResult[];
  images?: ImageSearchResult[];
  warning?: string;
}
