import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { MAX_EXTRACTION_PROMPT_CHARS } from './extraction';
import { ResolvedScrapeOptions } from './scrape-job';

/** Most URLs one extract request names (Firecrawl's limit); each may be a `https://site/*` wildcard. */
export const MAX_EXTRACT_URLS = 10;

export const EXTRACT_JOB_STATUSES = ['processing', 'completed', 'failed', 'cancelled'] as const;
export type ExtractJobStatus = (typeof EXTRACT_JOB_STATUSES)[number];

/** Request on `extract.job.create`: the gateway checked the URLs and compiled the schema. */
export class ExtractJobCreateRequest {
  @IsString()
  teamId!: string;

  /** The key the job was started with: its charge is recorded against it. */
  @IsOptional()
  @IsUUID()
  apiKeyId?: string;

  /** Valid http(s) URLs; one ending in `/*` stands for the pages of that site under its path. */
  @IsArray()
  @ArrayMaxSize(MAX_EXTRACT_URLS)
  @IsString({ each: true })
  urls!: string[];

  @IsOptional()
  @IsString()
  @MaxLength(MAX_EXTRACTION_PROMPT_CHARS)
  prompt?: string;

  @IsOptional()
  @IsObject()
  schema?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_EXTRACTION_PROMPT_CHARS)
  systemPrompt?: string;

  @IsBoolean()
  showSources!: boolean;

  @IsBoolean()
  enableWebSearch!: boolean;

  /** How each page is scraped (the formats are the job's business: it asks for what it reads). */
  @ValidateNested()
  @Type(() => ResolvedScrapeOptions)
  scrapeOptions!: ResolvedScrapeOptions;

  /** `x-idempotency-key`: a second create of the team with the same key is refused (409). */
  @IsOptional()
  @IsString()
  @MaxLength(256)
  idempotencyKey?: string;
}

export interface ExtractJobCreateReply {
  id: string;
}

/** Addresses one extract job of one team (request on `extract.job.status`); another team's id is not found. */
export class ExtractJobRef {
  @IsString()
  teamId!: string;

  @IsUUID()
  jobId!: string;
}

/** Command on `extract.job.run`: run (or resume) the job; its state is in extract-service's tables. */
export class ExtractJobRunCommand extends ExtractJobRef {}

/** Reply of `extract.job.status`, the body of GET /v2/extract/{id} less `success`. */
export interface ExtractJobView {
  status: ExtractJobStatus;
  /** The extracted value once completed; null before and after a failure. */
  data: unknown;
  error?: string;
  warning?: string;
  /** Which URLs each top-level value came from (only for jobs started with `showSources`). */
  sources?: Record<string, string[]>;
  expiresAt: string;
  tokensUsed: number;
  creditsUsed: number;
}
