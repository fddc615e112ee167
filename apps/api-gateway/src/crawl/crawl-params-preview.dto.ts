import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_CRAWL_PROMPT_CHARS } from '@wh/contracts';
import { SdkRequest } from '../http/sdk-fields';
import { TargetUrl } from '../http/target-url';

/** Body of POST /v2/crawl/params-preview: what a crawl `prompt` would set, without crawling. */
export class CrawlParamsPreviewDto extends SdkRequest {
  @TargetUrl()
  url!: string;

  @IsString()
  @IsNotEmpty({ message: 'prompt must not be empty' })
  @MaxLength(MAX_CRAWL_PROMPT_CHARS)
  prompt!: string;

  /** The prompt's answer is not cached. */
  @IsOptional()
  @IsBoolean()
  zeroDataRetention?: boolean;
}
