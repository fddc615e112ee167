import { Subjects } from './subjects';

export interface StreamDefinition {
  /** UPPER_SNAKE name, owned by the producing service; prefixed with the namespace at provisioning. */
  readonly name: string;
  readonly subjects: readonly string[];
  readonly retention: 'workqueue' | 'limits';
  readonly maxAgeMs: number;
  /** Window in which a repeated `Nats-Msg-Id` is dropped as a duplicate. */
  readonly duplicateWindowMs: number;
}

const HOUR = 3_600_000;

export const Streams = {
  scrapeJobs: {
    name: 'SCRAPE_JOBS',
    subjects: [Subjects.scrapeJobRun],
    retention: 'workqueue',
    maxAgeMs: 24 * HOUR,
    duplicateWindowMs: 10 * 60_000,
  },
  scrapeResults: {
    name: 'SCRAPE_RESULTS',
    subjects: [`${Subjects.scrapeJobFinished}.>`],
    retention: 'limits',
    maxAgeMs: HOUR,
    duplicateWindowMs: 10 * 60_000,
  },
  billingUsage: {
    name: 'BILLING_USAGE',
    subjects: [Subjects.usageRecorded, Subjects.usageBatchRecorded],
    retention: 'workqueue',
    maxAgeMs: 7 * 24 * HOUR,
    duplicateWindowMs: 10 * 60_000,
  },
  webhookDeliveries: {
    name: 'WEBHOOK_DELIVERIES',
    subjects: [Subjects.webhookDeliver],
    retention: 'workqueue',
    maxAgeMs: 24 * HOUR,
    duplicateWindowMs: 10 * 60_000,
  },
  deadLetters: {
    name: 'DEAD_LETTERS',
    subjects: [Subjects.messageDeadLettered],
    retention: 'limits',
    maxAgeMs: 14 * 24 * HOUR,
    duplicateWindowMs: 60_000,
  },
  extractJobs: {
    name: 'EXTRACT_JOBS',
    subjects: [Subjects.extractJobRun],
    retention: 'workqueue',
    maxAgeMs: 24 * HOUR,
    duplicateWindowMs: 10 * 60_000,
  },
} as const satisfies Record<string, StreamDefinition>;

/**
 * Object store bucket for message bodies larger than the NATS max payload (a scraped page can be many MB): the
 * message then carries the object's name in a header. Entries outlive any ack wait and retry schedule of a body that
 * is still being read; the reader deletes each one once it is done with it.
 */
export const LargePayloadBucket = { name: 'large_payloads', ttlMs: 2 * HOUR } as const;

/**
 * Key-value bucket of per-minute request counters (`<team>.<kind>.<minute>`), shared by every gateway replica.
 * A counter is only read in its own minute; the bucket's age limit removes it soon after.
 */
export const RateLimitBucket = { name: 'rate_limits', ttlMs: 2 * 60_000 } as const;
