import { Subjects } from './subjects';

export interface StreamDefinition {
  /** UPPER_SNAKE name, owned by the producing service; prefixed with the namespace at provisioning. */
  readonly name: string;
  readonly subjects: readonly string[];
  readonly retention: 'workqueue' | 'limits';
  readonly maxAgeMs: number;
  /** Window in which a repeated `Nats-Msg-Id` is dropped as a duplicate. */
  readonly duplicateWindowMs: number;
  /**
   * Memory: no disk write per message, but a restarted nats-server forgets the stream, definition included (the
   * messaging library puts it back on reconnection). Only for messages whose loss a waiting requester makes good.
   */
  readonly storage: 'file' | 'memory';
  /**
   * Size past which the oldest messages are dropped. nats-server reserves it in its memory store at creation, on
   * every node holding a replica, whether used or not.
   */
  readonly maxBytes?: number;
}

const HOUR = 3_600_000;
/** The longest timeout a direct scrape may ask for: a direct job or result older than that has no one waiting. */
const LONGEST_DIRECT_SCRAPE_MS = 5 * 60_000;

export const Streams = {
  scrapeJobs: {
    name: 'SCRAPE_JOBS',
    subjects: [Subjects.scrapeJobRun],
    retention: 'workqueue',
    maxAgeMs: 24 * HOUR,
    duplicateWindowMs: 10 * 60_000,
    storage: 'file',
  },
  scrapeResults: {
    name: 'SCRAPE_RESULTS',
    subjects: [`${Subjects.scrapeJobFinished}.>`],
    retention: 'limits',
    maxAgeMs: HOUR,
    duplicateWindowMs: 10 * 60_000,
    storage: 'file',
  },
  /**
   * Direct scrapes (POST /v2/scrape, a search's pages): their requester waits and submits the job again if the
   * server lost it, so the queue lives in memory and spares nats-server a disk write per job.
   */
  directScrapeJobs: {
    name: 'DIRECT_SCRAPE_JOBS',
    subjects: [Subjects.directScrapeJobRun],
    retention: 'workqueue',
    maxAgeMs: LONGEST_DIRECT_SCRAPE_MS,
    duplicateWindowMs: LONGEST_DIRECT_SCRAPE_MS,
    storage: 'memory',
  },
  /**
   * The ends of direct scrapes. Their requester hears them on its own subscription; the stream is read only by one
   * that was disconnected meanwhile, so it keeps a few seconds of results (32 MB is ~12 s of 27 KB documents at
   * 100/s) rather than a size that grows with the traffic in a store of fixed size.
   */
  directScrapeResults: {
    name: 'DIRECT_SCRAPE_RESULTS',
    subjects: [`${Subjects.directScrapeJobFinished}.>`],
    retention: 'limits',
    maxAgeMs: 2 * 60_000,
    duplicateWindowMs: 2 * 60_000,
    storage: 'memory',
    maxBytes: 32 * 1024 * 1024,
  },
  billingUsage: {
    name: 'BILLING_USAGE',
    subjects: [Subjects.usageRecorded, Subjects.usageBatchRecorded],
    retention: 'workqueue',
    maxAgeMs: 7 * 24 * HOUR,
    duplicateWindowMs: 10 * 60_000,
    storage: 'file',
  },
  webhookDeliveries: {
    name: 'WEBHOOK_DELIVERIES',
    subjects: [Subjects.webhookDeliver],
    retention: 'workqueue',
    maxAgeMs: 24 * HOUR,
    duplicateWindowMs: 10 * 60_000,
    storage: 'file',
  },
  deadLetters: {
    name: 'DEAD_LETTERS',
    subjects: [Subjects.messageDeadLettered],
    retention: 'limits',
    maxAgeMs: 14 * 24 * HOUR,
    duplicateWindowMs: 60_000,
    storage: 'file',
  },
  extractJobs: {
    name: 'EXTRACT_JOBS',
    subjects: [Subjects.extractJobRun],
    retention: 'workqueue',
    maxAgeMs: 24 * HOUR,
    duplicateWindowMs: 10 * 60_000,
    storage: 'file',
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
