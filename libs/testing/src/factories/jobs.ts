import { randomUUID } from 'node:crypto';
import type { CrawlJobKind } from '@wh/contracts';
import { resolvedScrapeOptions } from './resolved-scrape-options';
import { uniqueName } from './unique';

/**
 * A `crawl_jobs` row to insert with every column the table requires; JSON columns as text, as Kysely sends them
 * (`'null'` for a JSON null, which is what the columns hold for a batch's options and a job without a webhook).
 */
export interface CrawlJobRow {
  id: string;
  team_id: string;
  kind: CrawlJobKind;
  url: string;
  crawl_options: string;
  scrape_options: string;
  webhook: string;
  max_concurrency: number;
  team_concurrency_limit: number;
  delay_ms: number;
  idempotency_key: string | null;
  zero_data_retention: boolean;
  seeded: boolean;
  seed_claimed_until: Date | null;
  finished_at: Date | null;
  expires_at: Date;
}

/** A batch-scrape job of `teamId`, not yet seeded, expiring in a day, changed by `overrides`. */
export function crawlJobRow(teamId: string, overrides: Partial<CrawlJobRow> = {}): CrawlJobRow {
  return {
    id: randomUUID(),
    team_id: teamId,
    kind: 'batch',
    url: 'http://site.crawl.test/',
    crawl_options: 'null',
    scrape_options: JSON.stringify(resolvedScrapeOptions()),
    webhook: 'null',
    max_concurrency: 2,
    team_concurrency_limit: 10,
    delay_ms: 0,
    idempotency_key: null,
    zero_data_retention: false,
    seeded: false,
    seed_claimed_until: null,
    finished_at: null,
    expires_at: new Date(Date.now() + 86_400_000),
    ...overrides,
  };
}

/** Where one URL of a job stands, as `crawl_pages.state` stores it. */
export type CrawlPageState = 'queued' | 'dispatched' | 'completed' | 'failed' | 'cancelled' | 'blocked' | 'duplicate';

/** A `crawl_pages` row to insert; `error` as JSON text, as Kysely sends it. */
export interface CrawlPageRow {
  job_id: string;
  team_id: string;
  url_key: string;
  url: string;
  depth: number;
  state: CrawlPageState;
  attempts: number;
  result_seq: string | null;
  dispatched_at: Date | null;
  finished_at: Date | null;
  document: string | null;
  document_bytes: number;
  error: string;
  credits: number;
}

/** A queued page of `job` at a fresh URL (its own URL key), changed by `overrides`. */
export function crawlPageRow(
  job: Pick<CrawlJobRow, 'id' | 'team_id'>,
  overrides: Partial<Omit<CrawlPageRow, 'job_id' | 'team_id'>> = {},
): CrawlPageRow {
  const url = `http://site.crawl.test/${uniqueName('page')}`;
  return {
    job_id: job.id,
    team_id: job.team_id,
    url_key: url,
    url,
    depth: 0,
    state: 'queued',
    attempts: 0,
    result_seq: null,
    dispatched_at: null,
    finished_at: null,
    document: null,
    document_bytes: 0,
    error: 'null',
    credits: 0,
    ...overrides,
  };
}
