import { TargetUrl } from '../http/target-url';

import { IsBoolean, IsOptional } from 'class-validator';
import { ScrapeOptions } from '@wh/contracts';
import { WithSdkFields } from '../http/sdk-fields';

/** Body of POST /v2/scrape. */
export class ScrapeRequestDto extends WithSdkFields(ScrapeOptions) {
  @TargetUrl()
  url!: string;

  @IsOptional()
  @IsBoolean()
  zeroDataRetention?: boolean;
}
