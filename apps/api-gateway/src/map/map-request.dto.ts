import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
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
import { TargetUrl } from '../http/target-url';

/** Body of POST /v2/map, with the fields Firecrawl v2 and its SDK's `map()` send. */
export class MapRequestDto extends SdkRequest {
  @TargetUrl()
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
  // Without it an array passes: ValidateNested checks each element of an empty list, of which there are none.
  @IsObject()
  @ValidateNested()
  @Type(() => LocationOption)
  location?: LocationOption;

  @IsOptional()
  @IsStringRecord()
  headers?: Record<string, string>;
}
