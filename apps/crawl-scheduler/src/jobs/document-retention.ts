import type { CrawlSchedulerConfig } from '../crawl-scheduler.config';

/** Injection token of how long a finished job's documents stay readable, in milliseconds. */
export const DOCUMENT_RETENTION_MS = Symbol('DOCUMENT_RETENTION_MS');

export function documentRetentionMs(config: CrawlSchedulerConfig): number {
  return config.DOCUMENT_RETENTION_HOURS * 3_600_000;
}
