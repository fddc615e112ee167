import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { ScrapeOptions } from '@wh/contracts';
import { WithSdkFields } from '../http/sdk-fields';
import { toWebhookDto, WebhookDto } from '../jobs/webhook.dto';

export const MAX_BATCH_URLS = 100_000;

/** Body of POST /v2/batch/scrape: the URLs, every scrape option at top level, and the job's own settings. */
export class BatchScrapeRequestDto extends WithSdkFields(ScrapeOptions) {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_URLS)
  @IsString({ each: true })
  urls!: string[];

  @IsOptional()
  @Transform(toWebhookDto)
  @ValidateNested()
  @Type(() => WebhookDto)
  webhook?: WebhookDto;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000)
  maxConcurrency?: number;

  @IsOptional()
  @IsBoolean()
  ignoreInvalidURLs?: boolean;

  @IsOptional()
  @IsBoolean()
  zeroDataRetention?: boolean;
}
