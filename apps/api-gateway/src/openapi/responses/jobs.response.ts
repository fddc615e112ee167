import { Type } from 'class-transformer';
import { Equals, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { CRAWL_JOB_STATUSES, type CrawlJobStatus } from '@wh/contracts';
import { ScrapedDocument } from './document.response';

/** POST /v2/crawl. */
export class CrawlStartResponse {
  @Equals(true)
  success!: true;

  @IsString()
  id!: string;

  /** The job's status URL. */
  @IsString()
  url!: string;

  @IsOptional()
  @IsString()
  warning?: string;

  /** With a `prompt`: the options the model chose. */
  @IsOptional()
  @IsObject()
  promptGeneratedOptions?: Record<string, unknown>;

  /** With a `prompt`: the options the crawl runs with (fields given explicitly win over the model's). */
  @IsOptional()
  @IsObject()
  finalCrawlerOptions?: Record<string, unknown>;
}

/** POST /v2/batch/scrape. */
export class BatchScrapeStartResponse {
  @Equals(true)
  success!: true;

  @IsString()
  id!: string;

  @IsString()
  url!: string;

  /** With `ignoreInvalidURLs`: the URLs left out. */
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  invalidURLs?: string[];

  @IsOptional()
  @IsString()
  warning?: string;
}

/** GET /v2/crawl/{id} and /v2/batch/scrape/{id}: the job's progress and one page of its documents. */
export class JobStatusResponseBody {
  @Equals(true)
  success!: true;

  @IsIn(CRAWL_JOB_STATUSES)
  status!: CrawlJobStatus;

  @IsInt()
  @Min(0)
  total!: number;

  @IsInt()
  @Min(0)
  completed!: number;

  @IsInt()
  @Min(0)
  creditsUsed!: number;

  @IsString()
  expiresAt!: string;

  /** The URL of the next page of documents, while there is one. */
  @IsOptional()
  @IsString()
  next?: string;

  @ValidateNested({ each: true })
  @Type(() => ScrapedDocument)
  data!: ScrapedDocument[];
}

export class JobPageError {
  @IsString()
  id!: string;

  @IsString()
  timestamp!: string;

  @IsString()
  url!: string;

  @IsString()
  error!: string;

  @IsOptional()
  @IsString()
  code?: string;
}

/** GET /v2/crawl/{id}/errors and /v2/batch/scrape/{id}/errors. */
export class JobErrorsResponse {
  @Equals(true)
  success!: true;

  @ValidateNested({ each: true })
  @Type(() => JobPageError)
  errors!: JobPageError[];

  /** URLs robots.txt kept the crawl from. */
  @IsArray()
  @IsString({ each: true })
  robotsBlocked!: string[];
}

/** DELETE /v2/crawl/{id} and /v2/batch/scrape/{id}. */
export class JobCancelResponse {
  @Equals(true)
  success!: true;

  @IsIn(CRAWL_JOB_STATUSES)
  status!: CrawlJobStatus;
}

export class ActiveCrawlBody {
  @IsString()
  id!: string;

  @IsString()
  teamId!: string;

  @IsString()
  url!: string;

  @IsObject()
  options!: Record<string, unknown>;
}

/** GET /v2/crawl/active. */
export class ActiveCrawlsResponse {
  @Equals(true)
  success!: true;

  @ValidateNested({ each: true })
  @Type(() => ActiveCrawlBody)
  crawls!: ActiveCrawlBody[];
}

/** POST /v2/crawl/params-preview: `data` is the URL and the crawl options the prompt gives. */
export class CrawlParamsPreviewResponse {
  @Equals(true)
  success!: true;

  @IsObject()
  data!: Record<string, unknown>;

  @IsOptional()
  @IsString()
  warning?: string;
}
