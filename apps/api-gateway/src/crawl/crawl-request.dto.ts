import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { ScrapeOptions } from '@wh/contracts';
import { SdkRequest } from '../http/sdk-fields';
import { TargetUrl } from '../http/target-url';
import { toWebhookDto, WebhookDto } from '../jobs/webhook.dto';

const MAX_PATH_PATTERNS = 100;

/** Body of POST /v2/crawl (spec 4.5). */
export class CrawlRequestDto extends SdkRequest {
  @TargetUrl()
  url!: string;

  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  prompt?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PATH_PATTERNS)
  @IsString({ each: true })
  excludePaths?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PATH_PATTERNS)
  @IsString({ each: true })
  includePaths?: string[];

  @IsOptional()
  @IsInt()
  @Min(0)
  maxDiscoveryDepth?: number;

  @IsOptional()
  @IsIn(['skip', 'include', 'only'])
  sitemap?: 'skip' | 'include' | 'only';

  @IsOptional()
  @IsBoolean()
  ignoreQueryParameters?: boolean;

  @IsOptional()
  @IsBoolean()
  regexOnFullURL?: boolean;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  limit?: number;

  @IsOptional()
  @IsBoolean()
  crawlEntireDomain?: boolean;

  @IsOptional()
  @IsBoolean()
  allowExternalLinks?: boolean;

  @IsOptional()
  @IsBoolean()
  allowSubdomains?: boolean;

  /** Seconds between requests. */
  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(3_600)
  delay?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000)
  maxConcurrency?: number;

  @IsOptional()
  @Transform(toWebhookDto)
  @ValidateNested()
  @Type(() => WebhookDto)
  webhook?: WebhookDto;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ScrapeOptions)
  scrapeOptions?: ScrapeOptions;

  @IsOptional()
  @IsBoolean()
  zeroDataRetention?: boolean;
}
