import { randomBytes } from 'node:crypto';
import type { NatsConnection, Subscription } from 'nats';
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
 * The ends of the scrapes this process waits for, heard through one wildcard subscription per origin opened on first
 * use, rather than a subscription made and dropped around every scrape: each of those cost a SUB and an UNSUB on the
 * connection and made nats-server rebuild its subject cache. Each process has a route of its own, which its scrape
 * commands carry (`resultRoute`) and its subscriptions name (`scrape.direct-job.finished.<route>.*`,
 * `scrape.job.finished.<origin>.<route>.*` for the other origins), so a replica
 * hears only the ends of its own scrapes; an announcement nobody waits for any more is dropped.
 */
export class FinishedScrapes {
  /** This process's route: a command carrying it is announced to this process alone. */
  readonly route = randomBytes(9).toString('base64url');
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
    return this.namespace.subject(scrapeJobFinishedSubject(origin, jobId, this.route));
  }

  /**
   * Hands an announcement (heard, or read back from its stream) to the scrape waiting for it; false when nobody
   * waits for it any more.
   */
  deliver(subject: string, message: ReceivedMessage): boolean {
    const waiting = this.waiting.get(subject);
    waiting?.(message);
    return waiting !== undefined;
  }

  /** Jobs waited for right now. */
  waitingCount(): number {
    return this.waiting.size;
  }

  private subscribe(origin: ScrapeOrigin): void {
    if (this.subscriptions.has(origin)) return;
    const subscription = this.connection.subscribe(this.subjectOf(origin, '*'), {
      callback: (error, received) => {
        if (!error) this.deliver(received.subject, { data: received.data, headers: received.headers });
      },
    });
    this.subscriptions.set(origin, subscription);
  }
}
