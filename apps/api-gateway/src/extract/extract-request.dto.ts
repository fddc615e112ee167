import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { MAX_EXTRACTION_PROMPT_CHARS, ScrapeOptions } from '@wh/contracts';
import { WithSdkFields } from '../http/sdk-fields';

/**
 * Body of POST /v2/extract, with the fields the official SDK sends (`startExtract`). The URL list is checked by
 * the controller (its limit, wildcards, invalid entries), so that `ignoreInvalidURLs` can report rather than refuse.
 */
export class ExtractRequestDto extends WithSdkFields(class {}) {
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  urls?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(MAX_EXTRACTION_PROMPT_CHARS)
  prompt?: string;

  /** A JSON schema; Ajv compiles it before the job starts. */
  @IsOptional()
  @IsObject()
  schema?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_EXTRACTION_PROMPT_CHARS)
  systemPrompt?: string;

  @IsOptional()
  @IsBoolean()
  showSources?: boolean;

  @IsOptional()
  @IsBoolean()
  enableWebSearch?: boolean;

  @IsOptional()
  @IsBoolean()
  ignoreInvalidURLs?: boolean;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ScrapeOptions)
  scrapeOptions?: ScrapeOptions;

  /** Firecrawl follows links off a wildcard's site with it; a site's map here stays on the site, so it changes nothing. */
  @IsOptional()
  @IsBoolean()
  allowExternalLinks?: boolean;

  /** Firecrawl's hosted URL screening; this deployment's own target guard applies whatever it says. */
  @IsOptional()
  @IsObject()
  threatProtection?: Record<string, unknown>;

  /** Firecrawl's FIRE-1 agent: refused, not ignored. */
  @IsOptional()
  agent?: unknown;

  /** Extract webhooks: refused, not ignored. */
  @IsOptional()
  webhook?: unknown;
}
