import type { PageState } from './crawl-database';

/** Pages that count towards a job's total: robots-blocked URLs and redirect duplicates are not pages of it. */
export const COUNTED_STATES: readonly PageState[] = ['queued', 'dispatched', 'completed', 'failed', 'cancelled'];
