import type { CrawlJobStatus, ResolvedCrawlOptions, ResolvedScrapeOptions, WebhookTarget } from '@wh/contracts';

/** A job's pages: those counted in its total (not robots-blocked URLs or redirect duplicates), the completed and failed. */
export interface JobCounts {
  total: number;
  completed: number;
  failed: number;
}

/** What crawls and batch scrapes have alike. */
interface JobState {
  id: string;
  teamId: string;
  /** The API key the job was started with (its charges carry it); null without one. */
  apiKeyId: string | null;
  status: CrawlJobStatus;
  /** A crawl's start URL; a batch's first URL, for display. */
  url: string;
  scrapeOptions: ResolvedScrapeOptions;
  webhook: WebhookTarget | null;
  maxConcurrency: number;
  teamConcurrencyLimit: number;
  /** Pause between two dispatches: the crawl's `delay` or the site's Crawl-delay, whichever is longer. */
  delayMs: number;
  zeroDataRetention: boolean;
  /** A batch is seeded at creation; a crawl once its robots.txt and sitemaps were read. */
  seeded: boolean;
  creditsUsed: number;
  /** Pages ever queued for the job, the count a crawl's `limit` applies to. */
  pagesAdmitted: number;
  /** Its pages by state when the job was read. */
  pages: JobCounts;
  nextDispatchAt: Date;
  expiresAt: Date;
}

/** Follows links from its start URL, within its options. */
export interface Crawl extends JobState {
  kind: 'crawl';
  crawlOptions: ResolvedCrawlOptions;
}

/** Scrapes the URLs it was given, each as given. */
export interface BatchScrape extends JobState {
  kind: 'batch';
}

/** A job of the scheduler, as the jobs repository reads it (the one place rows become jobs). */
export type Job = Crawl | BatchScrape;

/** What a job is created with and keeps for its whole life: safe to remember across transactions. */
export type JobSettings =
  Pick<Crawl, 'id' | 'kind' | 'url' | 'crawlOptions'> | Pick<BatchScrape, 'id' | 'kind' | 'url'>;
