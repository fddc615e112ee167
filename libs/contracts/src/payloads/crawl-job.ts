import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { ResolvedScrapeOptions } from './scrape-job';

export const CRAWL_JOB_KINDS = ['crawl', 'batch'] as const;
/** A crawl follows links from a start URL; a batch scrapes a given list of URLs. */
export type CrawlJobKind = (typeof CRAWL_JOB_KINDS)[number];

export const CRAWL_JOB_STATUSES = ['scraping', 'completed', 'failed', 'cancelled'] as const;
export type CrawlJobStatus = (typeof CRAWL_JOB_STATUSES)[number];

export const WEBHOOK_EVENT_KINDS = ['started', 'page', 'completed', 'failed'] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

export const DEFAULT_CRAWL_LIMIT = 10_000;

/** The webhook object of spec 2.3, validated. */
export class WebhookTarget {
  @IsString()
  url!: string;

  @IsObject()
  headers!: Record<string, string>;

  @IsObject()
  metadata!: Record<string, unknown>;

  /** Event kinds to deliver (`started`, `page`, `completed`, `failed`); all when the caller gave none. */
  @IsArray()
  @IsIn(WEBHOOK_EVENT_KINDS, { each: true })
  events!: WebhookEventKind[];
}

/** Crawler options of spec 4.5 with every default applied. */
export class ResolvedCrawlOptions {
  @IsArray()
  @IsString({ each: true })
  includePaths!: string[];

  @IsArray()
  @IsString({ each: true })
  excludePaths!: string[];

  @IsOptional()
  @IsInt()
  @Min(0)
  maxDiscoveryDepth?: number;

  @IsIn(['skip', 'include', 'only'])
  sitemap!: 'skip' | 'include' | 'only';

  @IsBoolean()
  ignoreQueryParameters!: boolean;

  @IsBoolean()
  regexOnFullURL!: boolean;

  @IsInt()
  @Min(1)
  limit!: number;

  @IsBoolean()
  crawlEntireDomain!: boolean;

  @IsBoolean()
  allowExternalLinks!: boolean;

  @IsBoolean()
  allowSubdomains!: boolean;

  /** Seconds between two requests of this crawl. */
  @IsOptional()
  @Min(0)
  delay?: number;

  /** Stored as given; turning it into options comes with the extraction service. */
  @IsOptional()
  @IsString()
  prompt?: string;
}

/** Request on `crawl.job.create`: the gateway has validated and resolved everything. */
export class CreateCrawlJobRequest {
  @IsString()
  teamId!: string;

  /** The API key the job was started with: every page's charge carries it (per-key usage). */
  @IsOptional()
  @IsUUID()
  apiKeyId?: string;

  /** The team's concurrency limit, from its key lookup. */
  @IsInt()
  @Min(1)
  teamConcurrencyLimit!: number;

  @IsIn(CRAWL_JOB_KINDS)
  kind!: CrawlJobKind;

  /** Crawl: the start URL. Batch: the first URL, for display. */
  @IsString()
  url!: string;

  /** Batch: the URLs to scrape. */
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  urls?: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => ResolvedCrawlOptions)
  crawlOptions?: ResolvedCrawlOptions;

  @ValidateNested()
  @Type(() => ResolvedScrapeOptions)
  scrapeOptions!: ResolvedScrapeOptions;

  @IsOptional()
  @ValidateNested()
  @Type(() => WebhookTarget)
  webhook?: WebhookTarget;

  @IsOptional()
  @IsInt()
  @Min(1)
  maxConcurrency?: number;

  @IsOptional()
  @IsString()
  idempotencyKey?: string;
}

export interface CreateCrawlJobReply {
  id: string;
}

/** Addresses one job of one team; another team's id is not found. */
export class CrawlJobRef {
  @IsString()
  teamId!: string;

  @IsIn(CRAWL_JOB_KINDS)
  kind!: CrawlJobKind;

  @IsUUID()
  jobId!: string;
}

/** Request on `crawl.job.status`: one page of a job's documents. */
export class CrawlJobStatusRequest extends CrawlJobRef {
  @IsInt()
  @Min(0)
  skip!: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  limit?: number;
}

export interface CrawlJobStatusReply {
  status: CrawlJobStatus;
  total: number;
  completed: number;
  creditsUsed: number;
  expiresAt: string;
  /**
   * The page of documents as one JSON array text, made of the documents' texts as stored: the gateway splices it into
   * its reply, so a status page of megabytes is parsed and serialised by no process on the way.
   */
  dataJson: string;
  /** `skip` of the next page, when there is one. */
  nextSkip?: number;
}

export interface CrawlJobCancelReply {
  status: CrawlJobStatus;
}

export interface CrawlPageError {
  id: string;
  timestamp: string;
  url: string;
  error: string;
  code?: string;
}

export interface CrawlJobErrorsReply {
  errors: CrawlPageError[];
  robotsBlocked: string[];
}

/** Request on `crawl.job.active`. */
export class ActiveCrawlsRequest {
  @IsString()
  teamId!: string;
}

export interface ActiveCrawl {
  id: string;
  teamId: string;
  url: string;
  options: Record<string, unknown>;
}

export interface ActiveCrawlsReply {
  crawls: ActiveCrawl[];
}

/** Request on `scrape.resource.fetch`: a robots.txt or sitemap, fetched by a worker behind the target guard. */
export class FetchResourceRequest {
  @IsString()
  url!: string;

  @IsInt()
  @Min(1)
  @Max(50 * 1024 * 1024)
  maxBytes!: number;

  @IsInt()
  @Min(1)
  @Max(120_000)
  timeoutMs!: number;
}

export interface FetchResourceReply {
  statusCode: number;
  finalUrl: string;
  contentType: string;
  /** The body as received (after Content-Encoding), base64. */
  bodyBase64: string;
}

/** Command on `crawl.webhook.deliver`: the delivery's body waits in the scheduler's table. */
export class WebhookDeliveryCommand {
  @IsUUID()
  deliveryId!: string;

  @IsString()
  teamId!: string;
}

/** Links taken from one crawled page: a bound on the frontier work and the event size one page can cause. */
export const MAX_DISCOVERED_LINKS_PER_PAGE = 5_000;

/** Request on `crawl.team.queue-status`: a team's pages waiting for and holding its concurrency. */
export class TeamQueueStatusRequest {
  @IsString()
  teamId!: string;
}

export interface TeamQueueStatusReply {
  /** Pages of the team's running crawls and batch scrapes being scraped now. */
  activeJobsInQueue: number;
  /** Pages queued behind the team's (or the job's) concurrency. */
  waitingJobsInQueue: number;
  /** ISO 8601 time of the team's latest successfully scraped page, or null. */
  mostRecentSuccess: string | null;
}
