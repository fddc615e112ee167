import type { Msg, NatsConnection, Subscription } from 'nats';
import { type ScrapeOrigin, scrapeJobFinishedSubject } from '@wh/contracts';
import type { Namespace, ReceivedMessage } from '@wh/platform/messaging';

/** An announcement this process waits for, and the way to stop waiting for it. */
export interface ExpectedScrape {
  /** Resolves with the announcement, or with undefined once `waitMs` passed without it. */
  readonly message: Promise<ReceivedMessage | undefined>;
  /** Stops waiting (resolving `message` with undefined if it has not come). */
  cancel(): void;
}

/**
 * The ends of the scrapes this process waits for, heard through one wildcard subscription per origin
 * (`scrape.job.finished.<origin>.*`) opened on first use, rather than a subscription made and dropped around every
 * scrape: each of those cost a SUB and an UNSUB on the connection and made nats-server rebuild its subject cache.
 * Announcements of jobs nobody here waits for (another replica's, or one already given up on) are dropped.
 */
export class FinishedScrapes {
  private readonly subscriptions = new Map<ScrapeOrigin, Subscription>();
  private readonly waiting = new Map<string, (message: ReceivedMessage | undefined) => void>();

  constructor(
    private readonly connection: NatsConnection,
    private readonly namespace: Namespace,
  ) {}

  /**
   * Starts waiting for the end of `jobId`. Call it before publishing the job: the subscription is then on the server
   * before the job can be run, as the connection sends in order.
   */
  expect(origin: ScrapeOrigin, jobId: string, waitMs: number): ExpectedScrape {
    this.subscribe(origin);
    const subject = this.subjectOf(origin, jobId);
    let settle!: (message: ReceivedMessage | undefined) => void;
    const message = new Promise<ReceivedMessage | undefined>((resolve) => {
      const timer = setTimeout(() => settle(undefined), Math.max(0, waitMs));
      settle = (received) => {
        clearTimeout(timer);
        if (this.waiting.get(subject) === settle) this.waiting.delete(subject);
        resolve(received);
      };
    });
    this.waiting.set(subject, settle);
    return { message, cancel: () => settle(undefined) };
  }

  /** The subject of one job's announcement, as published (namespaced). */
  subjectOf(origin: ScrapeOrigin, jobId: string): string {
    return this.namespace.subject(scrapeJobFinishedSubject(origin, jobId));
  }

  /** Jobs waited for right now. */
  waitingCount(): number {
    return this.waiting.size;
  }

  private subscribe(origin: ScrapeOrigin): void {
    if (this.subscriptions.has(origin)) return;
    const subscription = this.connection.subscribe(this.subjectOf(origin, '*'), {
      callback: (error, received) => {
        if (!error) this.deliver(received);
      },
    });
    this.subscriptions.set(origin, subscription);
  }

  private deliver(received: Msg): void {
    this.waiting.get(received.subject)?.({ data: received.data, headers: received.headers });
  }
}
