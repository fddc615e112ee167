import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  MAX_SCRAPE_TIMEOUT_MS,
  MAX_SEARCH_DOMAIN_FILTERS,
  MAX_SEARCH_LIMIT,
  SEARCH_CATEGORIES,
  SEARCH_DOMAIN_PATTERN,
  SEARCH_SOURCES,
  SEARCH_TIME_FILTERS,
  type SearchSource,
  type SearchTimeFilter,
  ScrapeOptions,
} from '@wh/contracts';
import { SdkRequest } from '../http/sdk-fields';

/** Firecrawl's category that names its own developer index rather than a filter: named here to be refused clearly. */
export const DEVELOPER_CATEGORY = 'developer';

/** The SDK sends a source or category as a name or as `{type: name}`; both mean the name. */
function typeNames({ value }: { value: unknown }): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return entry;
    const keys = Object.keys(entry);
    const type = (entry as { type?: unknown }).type;
    return keys.length === 1 && typeof type === 'string' ? type : entry;
  });
}

const DOMAIN_MESSAGE = 'must be a domain name such as example.com (no scheme, port or path)';

/** Body of POST /v2/search, with the fields Firecrawl's v2 API and its SDKs send. */
export class SearchRequestDto extends SdkRequest {
  @IsString()
  @MaxLength(2_000)
  @Matches(/\S/, { message: 'query must not be empty' })
  query!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SEARCH_LIMIT, { message: `limit must not be greater than ${MAX_SEARCH_LIMIT}` })
  limit?: number;

  @IsOptional()
  @Transform(typeNames)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SEARCH_SOURCES.length * 2)
  @IsIn(SEARCH_SOURCES, { each: true, message: `each value in sources must be one of ${SEARCH_SOURCES.join(', ')}` })
  sources?: SearchSource[];

  @IsOptional()
  @Transform(typeNames)
  @IsArray()
  @ArrayMaxSize(8)
  @IsIn([...SEARCH_CATEGORIES, DEVELOPER_CATEGORY], {
    each: true,
    message: `each value in categories must be one of ${[...SEARCH_CATEGORIES, DEVELOPER_CATEGORY].join(', ')}`,
  })
  categories?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SEARCH_DOMAIN_FILTERS)
  @Matches(SEARCH_DOMAIN_PATTERN, { each: true, message: `each value in includeDomains ${DOMAIN_MESSAGE}` })
  includeDomains?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SEARCH_DOMAIN_FILTERS)
  @Matches(SEARCH_DOMAIN_PATTERN, { each: true, message: `each value in excludeDomains ${DOMAIN_MESSAGE}` })
  excludeDomains?: string[];

  @IsOptional()
  @IsIn(SEARCH_TIME_FILTERS, {
    message: `tbs must be one of ${SEARCH_TIME_FILTERS.join(', ')} (the past hour, day, week, month or year)`,
  })
  tbs?: SearchTimeFilter;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  location?: string;

  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 code such as US or DE' })
  country?: string;

  @IsOptional()
  @Matches(/^[A-Za-z]{2,3}$/, { message: 'lang must be an ISO 639-1 language code such as en or de' })
  lang?: string;

  /** Milliseconds for the whole request: the search and every scrape of its results. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SCRAPE_TIMEOUT_MS)
  timeout?: number;

  @IsOptional()
  @IsBoolean()
  ignoreInvalidURLs?: boolean;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ScrapeOptions)
  scrapeOptions?: ScrapeOptions;
}
