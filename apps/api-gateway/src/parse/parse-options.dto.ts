import { IsBoolean, IsOptional } from 'class-validator';
import { ScrapeOptions } from '@wh/contracts';
import { WithSdkFields } from '../http/sdk-fields';

/**
 * The `options` part of POST /v2/parse: scrape's options (the SDK's ParseOptions is ScrapeOptions without the
 * browser and cache ones, which are refused by name) and zero data retention. Options about fetching (headers, TLS,
 * ads, proxy) are accepted, as Firecrawl does, and have nothing to act on: a file is not fetched.
 */
export class ParseOptionsDto extends WithSdkFields(ScrapeOptions) {
  @IsOptional()
  @IsBoolean()
  zeroDataRetention?: boolean;
}
