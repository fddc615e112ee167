import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { ScrapeOptions } from '@wh/contracts';
import { WithSdkFields } from '../http/sdk-fields';

/** Firecrawl prepends a scheme to scheme-less URLs; anything else is validated as given. */
export function withScheme({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(value.trim()) ? `http://${value.trim()}` : value;
}

/** Body of POST /v2/scrape. */
export class ScrapeRequestDto extends WithSdkFields(ScrapeOptions) {
  @Transform(withScheme)
  @IsString()
  @MaxLength(8192)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'url must be an http or https URL' },
  )
  url!: string;

  @IsOptional()
  @IsBoolean()
  zeroDataRetention?: boolean;
}
