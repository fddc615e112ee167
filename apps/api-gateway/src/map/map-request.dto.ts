import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  IsStringRecord,
  LocationOption,
  MAX_MAP_LIMIT,
  MAX_SCRAPE_TIMEOUT_MS,
  SITEMAP_MODES,
  type SitemapMode,
} from '@wh/contracts';
import { SdkRequest } from '../http/sdk-fields';
import { withScheme } from '../scrape/scrape-request.dto';

/** Body of POST /v2/map, with the fields Firecrawl v2 and its SDK's `map()` send. */
export class MapRequestDto extends SdkRequest {
  @Transform(withScheme)
  @IsString()
  @MaxLength(8192)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'url must be an http or https URL' },
  )
  url!: string;

  @IsOptional()
  @IsString()
  @MaxLength(1_000)
  search?: string;

  @IsOptional()
  @IsIn(SITEMAP_MODES)
  sitemap?: SitemapMode;

  @IsOptional()
  @IsBoolean()
  includeSubdomains?: boolean;

  @IsOptional()
  @IsBoolean()
  ignoreQueryParameters?: boolean;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_MAP_LIMIT)
  limit?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SCRAPE_TIMEOUT_MS)
  timeout?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => LocationOption)
  location?: LocationOption;

  @IsOptional()
  @IsStringRecord()
  headers?: Record<string, string>;
}
