import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type {
  CrawlJobKind,
  CrawlJobStatus,
  ResolvedCrawlOptions,
  ResolvedScrapeOptions,
  WebhookTarget,
  WireError,
} from '@wh/contracts';

/** Where one URL of a job stands. `blocked`: robots.txt disallows it; `duplicate`: a redirect led to a page already kept. */
export type PageState = 'queued' | 'dispatched' | 'completed' | 'failed' | 'cancelled' | 'blocked' | 'duplicate';

/** `held`: a terminal event waiting for the first attempts of its job's page events (it is queued after them). */
export type WebhookDeliveryStatus = 'pending' | 'held' | 'queued' | 'delivered' | 'failed';

type Json<T> = ColumnType<T, string, string>;

/** The tables crawl-scheduler owns; no other service sees them. */
export interface CrawlDatabase {
  crawl_jobs: {
    id: string;
    team_id: string;
    /** The API key the job was started with; null without one (authentication disabled). */
    api_key_id: ColumnType<string | null, string | null | undefined, never>;
    kind: CrawlJobKind;
    status: ColumnType<CrawlJobStatus, CrawlJobStatus | undefined, CrawlJobStatus>;
    url: string;
    crawl_options: Json<ResolvedCrawlOptions | null>;
    scrape_options: Json<ResolvedScrapeOptions>;
    webhook: Json<WebhookTarget | null>;
    max_concurrency: number;
    team_concurrency_limit: number;
    /** Pause between two dispatches: the crawl's `delay` or the site's Crawl-delay, whichever is longer. */
    delay_ms: number;
    idempotency_key: string | null;
    zero_data_retention: boolean;
    seeded: boolean;
    seed_claimed_until: Date | null;
    /** A change-tracking crawl queued its hidden pages (see HiddenPages); it does so once. */
    hidden_pages_queued: Generated<boolean>;
    credits_used: Generated<number>;
    /** Pages ever queued for the job, the count its `limit` applies to. */
    pages_admitted: Generated<number>;
    /**
     * The job's pages by state, kept by the statements that change a page's state: those counted in its total
     * (robots-blocked URLs and redirect duplicates are not), and of them the completed and the failed ones.
     */
    pages_total: Generated<number>;
    pages_completed: Generated<number>;
    pages_failed: Generated<number>;
    next_dispatch_at: Generated<Date>;
    created_at: Generated<Date>;
    finished_at: Date | null;
    expires_at: Date;
  };
  crawl_pages: {
    id: Generated<string>;
    job_id: string;
    team_id: string;
    seq: Generated<string>;
    result_seq: string | null;
    url_key: string;
    url: string;
    depth: number;
    state: ColumnType<PageState, PageState | undefined, PageState>;
    attempts: Generated<number>;
    dispatched_at: Date | null;
    finished_at: Date | null;
    document: string | null;
    document_bytes: Generated<number>;
    error: Json<WireError | null>;
    credits: Generated<number>;
    tokens: Generated<number>;
    /** Queued only to report it to change tracking: an earlier crawl found it, this one no longer links to it. */
    hidden: Generated<boolean>;
  };
  crawl_robots: {
    job_id: string;
    origin: string;
    body: string;
    fetched_at: Generated<Date>;
  };
  webhook_deliveries: {
    id: string;
    job_id: string;
    team_id: string;
    event_type: string;
    /** The event's place among its job's events, from 1; null for events recorded before it was kept. */
    sequence: number | null;
    url: string;
    headers: Json<Record<string, string>>;
    body: string;
    attempts: Generated<number>;
    status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
    last_error: string | null;
    created_at: Generated<Date>;
    delivered_at: Date | null;
  };
}

/** A transaction on the scheduler's tables; repository methods that must run inside one take it first. */
export type Trx = Transaction<CrawlDatabase>;

/** The database or a transaction, for repository methods that can run on either. */
export type Db = Kysely<CrawlDatabase> | Trx;
