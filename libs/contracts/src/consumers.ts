import type { StreamSubject } from './message-map';
import { Streams, type StreamDefinition } from './streams';
import { Subjects } from './subjects';

export interface ConsumerDefinition<S extends StreamSubject = StreamSubject> {
  readonly stream: StreamDefinition;
  /** Named after the consuming service and purpose; prefixed with the namespace at provisioning. */
  readonly durableName: string;
  /** The contract subject whose messages this consumer reads: it decides the payload class. */
  readonly subject: S;
  /** The subject itself, or narrower (`scrape.job.finished.scheduled.>`). */
  readonly filterSubject: string;
  /** Redelivery timer; long handlers keep the message with `working()` well inside it. */
  readonly ackWaitMs: number;
  /** After this many deliveries the message is dead-lettered and terminated. */
  readonly maxDeliver: number;
  /** Upper bound of unacknowledged messages across all replicas. */
  readonly maxAckPending: number;
  /** Delay before redelivery after the n-th failed attempt (last value repeats). */
  readonly retryDelaysMs: readonly number[];
}

export const Consumers = {
  scrapeWorkerJobs: {
    stream: Streams.scrapeJobs,
    durableName: 'scrape-worker-jobs',
    subject: Subjects.scrapeJobRun,
    filterSubject: Subjects.scrapeJobRun,
    ackWaitMs: 30_000,
    maxDeliver: 4,
    maxAckPending: 1_000,
    retryDelaysMs: [250, 1_000, 5_000],
  },
  /** Direct scrapes, on their own queue: a crawl's backlog never holds up a request whose client waits. */
  scrapeWorkerDirectJobs: {
    stream: Streams.directScrapeJobs,
    durableName: 'scrape-worker-direct-jobs',
    subject: Subjects.directScrapeJobRun,
    filterSubject: Subjects.directScrapeJobRun,
    ackWaitMs: 30_000,
    maxDeliver: 4,
    maxAckPending: 1_000,
    retryDelaysMs: [250, 1_000, 5_000],
  },
  billingUsage: {
    stream: Streams.billingUsage,
    durableName: 'billing-service-usage',
    subject: Subjects.usageRecorded,
    filterSubject: Subjects.usageRecorded,
    ackWaitMs: 30_000,
    maxDeliver: 10,
    maxAckPending: 1_000,
    retryDelaysMs: [1_000, 5_000, 30_000],
  },
  billingUsageBatches: {
    stream: Streams.billingUsage,
    durableName: 'billing-service-usage-batches',
    subject: Subjects.usageBatchRecorded,
    filterSubject: Subjects.usageBatchRecorded,
    ackWaitMs: 30_000,
    maxDeliver: 10,
    maxAckPending: 1_000,
    retryDelaysMs: [1_000, 5_000, 30_000],
  },
  crawlSchedulerResults: {
    stream: Streams.scrapeResults,
    durableName: 'crawl-scheduler-results',
    subject: Subjects.scrapeJobFinished,
    filterSubject: `${Subjects.scrapeJobFinished}.scheduled.>`,
    ackWaitMs: 30_000,
    maxDeliver: 10,
    maxAckPending: 1_000,
    retryDelaysMs: [250, 1_000, 5_000],
  },
  crawlSchedulerWebhooks: {
    stream: Streams.webhookDeliveries,
    durableName: 'crawl-scheduler-webhooks',
    subject: Subjects.webhookDeliver,
    filterSubject: Subjects.webhookDeliver,
    ackWaitMs: 30_000,
    // The first attempt plus one retry per delay of Firecrawl's schedule: 1, 5 and 15 minutes.
    maxDeliver: 4,
    maxAckPending: 1_000,
    retryDelaysMs: [60_000, 300_000, 900_000],
  },
  extractServiceJobs: {
    stream: Streams.extractJobs,
    durableName: 'extract-service-jobs',
    subject: Subjects.extractJobRun,
    filterSubject: Subjects.extractJobRun,
    // A job takes minutes; the runner's working() heartbeat keeps it, and a killed process's job comes back this soon.
    ackWaitMs: 30_000,
    maxDeliver: 5,
    maxAckPending: 1_000,
    retryDelaysMs: [2_000, 10_000, 30_000],
  },
} as const satisfies Record<string, ConsumerDefinition>;
