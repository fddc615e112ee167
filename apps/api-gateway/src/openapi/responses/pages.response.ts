import { Type } from 'class-transformer';
import {
  Equals,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Min,
  ValidateNested,
} from 'class-validator';
import { EXTRACT_JOB_STATUSES, type ExtractJobStatus } from '@wh/contracts';
import { ScrapedDocument } from './document.response';
import { AnyJson, OpenObject } from './schema-decorators';

/** POST /v2/scrape and POST /v2/parse. */
export class ScrapeResponse {
  @Equals(true)
  success!: true;

  @ValidateNested()
  @Type(() => ScrapedDocument)
  data!: ScrapedDocument;
}

export class SiteMapLinkBody {
  @IsString()
  url!: string;

  @IsOptional()
  @IsString()
  title?: string;

  @IsOptional()
  @IsString()
  description?: string;
}

/** POST /v2/map. */
export class MapResponse {
  @Equals(true)
  success!: true;

  @ValidateNested({ each: true })
  @Type(() => SiteMapLinkBody)
  links!: SiteMapLinkBody[];

  @IsOptional()
  @IsString()
  warning?: string;
}

/** One search result; with `scrapeOptions` its page's document fields are merged over it. */
@OpenObject('A search result; with `scrapeOptions`, the fields of its scraped document (markdown, metadata...) too')
export class SearchResultBody {
  @IsString()
  url!: string;

  @IsOptional()
  @IsString()
  title?: string;

  @IsOptional()
  @IsInt()
  position?: number;
}

export class SearchDataBody {
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => SearchResultBody)
  web?: SearchResultBody[];

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => SearchResultBody)
  news?: SearchResultBody[];

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => SearchResultBody)
  images?: SearchResultBody[];
}

/** POST /v2/search. */
export class SearchResponseBody {
  @Equals(true)
  success!: true;

  @ValidateNested()
  @Type(() => SearchDataBody)
  data!: SearchDataBody;

  /** The search's credits and every scraped result's. */
  @IsInt()
  @Min(0)
  creditsUsed!: number;

  @IsString()
  id!: string;

  @IsOptional()
  @IsString()
  warning?: string;
}

/** POST /v2/extract. */
export class ExtractStartResponse {
  @Equals(true)
  success!: true;

  @IsString()
  id!: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  invalidURLs?: string[];
}

/** GET /v2/extract/{id}: `success` is false once the job failed. */
export class ExtractStatusResponse {
  @IsBoolean()
  success!: boolean;

  @IsIn(EXTRACT_JOB_STATUSES)
  status!: ExtractJobStatus;

  @AnyJson("The extracted value once completed (it validates against the request's schema); null until then")
  data!: unknown;

  @IsOptional()
  @IsString()
  error?: string;

  @IsOptional()
  @IsString()
  warning?: string;

  /** With `showSources`: the URLs each top-level value came from. */
  @IsOptional()
  @IsObject()
  sources?: Record<string, string[]>;

  @IsString()
  expiresAt!: string;

  @IsInt()
  @Min(0)
  tokensUsed!: number;

  @IsInt()
  @Min(0)
  creditsUsed!: number;
}
