import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { MAX_CRAWL_PROMPT_CHARS } from '@wh/contracts';
import { SdkRequest } from '../http/sdk-fields';
import { withScheme } from '../scrape/scrape-request.dto';

/** Body of POST /v2/crawl/params-preview: what a crawl `prompt` would set, without crawling. */
export class CrawlParamsPreviewDto extends SdkRequest {
  @Transform(withScheme)
  @IsString()
  @MaxLength(8192)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'url must be an http or https URL' },
  )
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
