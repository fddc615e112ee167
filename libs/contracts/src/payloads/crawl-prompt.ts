import { IsBoolean, IsInt, IsOptional, IsString, IsUrl, IsUUID, MaxLength, MinLength } from 'class-validator';
import type { ExtractionUsage } from './extraction';
import type { SitemapMode } from './site-map';

/** Longest crawl `prompt` (Firecrawl's limit). */
export const MAX_CRAWL_PROMPT_CHARS = 10_000;

/**
 * Request on `extract.crawl-options.generate`: a crawl described in natural language, to be turned into crawl options
 * by the model (POST /v2/crawl with `prompt`, POST /v2/crawl/params-preview).
 */
export class CrawlOptionsFromPromptRequest {
  @IsString()
  teamId!: string;

  /** The key the crawl was asked with: the model's tokens are recorded against it. */
  @IsOptional()
  @IsUUID()
  apiKeyId?: string;

  /** The crawl's start URL: the model writes path patterns for its site. */
  @IsString()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @MaxLength(8_192)
  url!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(MAX_CRAWL_PROMPT_CHARS)
  prompt!: string;

  /** Epoch ms after which nobody waits for the answer any more (`LLM_TIMEOUT`). */
  @IsInt()
  deadlineAt!: number;

  /** The answer is neither cached nor quoted in errors. */
  @IsBoolean()
  zeroDataRetention!: boolean;
}

/**
 * Crawl options the model derived from a prompt, under Firecrawl v2's names. Every field is optional: the model
 * leaves out what the prompt does not speak of. Path patterns compile as JavaScript regular expressions.
 */
export interface GeneratedCrawlOptions {
  includePaths?: string[];
  excludePaths?: string[];
  maxDiscoveryDepth?: number;
  sitemap?: SitemapMode;
  crawlEntireDomain?: boolean;
  allowSubdomains?: boolean;
  allowExternalLinks?: boolean;
  ignoreQueryParameters?: boolean;
  limit?: number;
  /** Seconds between two requests. */
  delay?: number;
}

/** The names of {@link GeneratedCrawlOptions}, in the order a reply lists them. */
export const GENERATED_CRAWL_OPTION_NAMES = [
  'includePaths',
  'excludePaths',
  'maxDiscoveryDepth',
  'sitemap',
  'crawlEntireDomain',
  'allowSubdomains',
  'allowExternalLinks',
  'ignoreQueryParameters',
  'limit',
  'delay',
] as const satisfies ReadonlyArray<keyof GeneratedCrawlOptions>;

/** Reply of `extract.crawl-options.generate`. */
export interface CrawlOptionsFromPromptReply {
  options: GeneratedCrawlOptions;
  /** What was changed or left out of the model's answer (an invalid path pattern dropped, nothing derived). */
  warning?: string;
  usage: ExtractionUsage;
  model: string;
}
