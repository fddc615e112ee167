import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  type ScrapeDocument,
  type ScrapeJobCommand,
  ScrapeJobFinishedEvent,
  type ScrapeOrigin,
  scrapeJobFinishedAnnouncement,
  scrapeJobRunSubject,
  Streams,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { inReceiveSpan, JetStreamPublisher, NatsClient, type ReceivedMessage } from '@wh/platform/messaging';
import { type ExpectedScrape, FinishedScrapes } from './finished-scrapes';

/** Time a caller keeps waiting past the job's deadline, for a result already on its way. */
const RESULT_GRACE_MS = 1_000;
/** Waits between attempts to submit an awaited job again after a reconnection: growing by this, up to the maximum. */
const RESUBMIT_BACKOFF_MS = 250;
const MAX_RESUBMIT_WAIT_MS = 2_000;

/** A scrape someone waits for: never one a crawl or batch schedules (those end on the scheduler's consumer). */
export type DirectScrapeCommand = ScrapeJobCommand & { origin: Exclude<ScrapeOrigin, 'scheduled'> };

/**
 * A finished scrape's document as it arrived: parsed, or as the JSON text of a cache hit the worker passed through
 * unparsed (which holds no stored-file references), for a caller that writes it into a reply as it is.
 */
export type FinishedDocument = { document: ScrapeDocument } | { documentJson: string };

/**
 * The one way into the scrape-workers, for every service that scrapes: a command on the work queue of its origin
 * (direct scrapes on `DIRECT_SCRAPE_JOBS`, in memory; the others on `SCRAPE_JOBS`), answered by the worker's single
 * handler (cache first, then the engines), which bills direct scrapes and announces the end on the results stream of
 * the origin, under this process's route for a scrape it waits for.
 */
@Injectable()
export class ScrapeClient {
  private readonly finished: FinishedScrapes;
  /** The commands of the scrapes this process waits for, as submitted, by job id. */
  private readonly awaited = new Map<string, DirectScrapeCommand>();

  constructor(
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
  ) {
    this.finished = new FinishedScrapes(nats.connection, nats.namespace);
    nats.onReconnected(() => this.recoverAwaited());
  }

  /**
   * Queues a scrape whose end the caller reads from its own durable consumer (crawls and batches). `msgId` makes a
   * repeated submission of the same attempt a no-op inside the stream's duplicate window.
   */
  async submit(command: ScrapeJobCommand, msgId: string = command.jobId): Promise<void> {
    await this.publisher.publish(scrapeJobRunSubject(command.origin), command, { msgId });
  }

  /**
   * Runs a scrape someone waits for (a direct one, or a page of an extract job) and returns its document. This
   * process's subscription to its origin's announcements exists before the job is published, so the event cannot be
   * missed; if the connection dropped meanwhile, the event is read back from its stream.
   */
  async run(command: DirectScrapeCommand): Promise<ScrapeDocument> {
    return (await this.runCharged(command)).document;
  }

  /** {@link run}, with the credits the worker charged for the scrape (a caller reporting `creditsUsed` needs them). */
  async runCharged(command: DirectScrapeCommand): Promise<{ document: ScrapeDocument; credits: number }> {
    const event = await this.finish(command);
    const finished = documentOf(event);
    const document = 'document' in finished ? finished.document : (JSON.parse(finished.documentJson) as ScrapeDocument);
    return { document, credits: event.credits ?? 0 };
  }

  /** {@link run}, leaving a cache hit's document in the JSON text it travelled in. */
  async runAsTravelled(command: DirectScrapeCommand): Promise<FinishedDocument> {
    return documentOf(await this.finish(command));
  }

  private async finish(command: DirectScrapeCommand): Promise<ScrapeJobFinishedEvent> {
    const expected = this.finished.expect(
      command.origin,
      command.jobId,
      command.deadlineAt - Date.now() + RESULT_GRACE_MS,
    );
    const routed = { ...command, resultRoute: this.finished.route };
    this.awaited.set(command.jobId, routed);
    const message = await this.submitAndWait(routed, expected).finally(() => this.awaited.delete(command.jobId));
    if (!message) throw new DomainError(ErrorCode.ScrapeTimeout, 'Scrape timed out');
    const event = await inReceiveSpan(
      scrapeJobFinishedAnnouncement(command.origin, command.jobId).subject,
      message,
      () => this.nats.payloads.decode(ScrapeJobFinishedEvent, message),
    );
    await this.nats.payloads.release(message);
    return event;
  }

  /** Submits the job and waits for its end: heard on the subscription, or read back from its stream after the wait. */
  private async submitAndWait(
    command: DirectScrapeCommand,
    expected: ExpectedScrape,
  ): Promise<ReceivedMessage | undefined> {
    try {
      await this.submit(command);
    } catch (error) {
      expected.cancel();
      throw error;
    }
    return (await expected.message) ?? (await this.readBack(command.origin, command.jobId));
  }

  /**
   * After a reconnection, each awaited scrape's end is read back from its stream (announced while this process was
   * away), or its job is submitted again under the same message id: a restarted nats-server has lost the memory
   * queue, the job in it and the duplicate window, so the job runs again (billed once: the charge's id is the job's).
   * Where the queue survived (a file stream, a cluster node that went away) the copy is dropped as a duplicate.
   */
  private async recoverAwaited(): Promise<void> {
    await Promise.all(
      [...this.awaited.values()].map(async (command) => {
        const message = await this.readBack(command.origin, command.jobId);
        if (message) {
          this.finished.deliver(this.finished.subjectOf(command.origin, command.jobId), message);
          return;
        }
        await this.resubmit(command);
      }),
    );
  }

  /**
   * Submits an awaited job again until the queue takes it: right after a reconnection the stream may not be back yet
   * (another service puts it back, or the server is still busy). It stops once the scrape was answered or its
   * deadline passed, when the scrape ends with SCRAPE_TIMEOUT.
   */
  private async resubmit(command: DirectScrapeCommand): Promise<void> {
    for (let attempt = 1; this.awaited.has(command.jobId) && Date.now() < command.deadlineAt; attempt++) {
      try {
        await this.submit(command);
        return;
      } catch {
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(attempt * RESUBMIT_BACKOFF_MS, MAX_RESUBMIT_WAIT_MS)),
        );
      }
    }
  }

  private async readBack(origin: ScrapeOrigin, jobId: string): Promise<ReceivedMessage | undefined> {
    const results = origin === 'direct' ? Streams.directScrapeResults : Streams.scrapeResults;
    try {
      const stored = await this.nats.manager.streams.getMessage(this.nats.namespace.stream(results.name), {
        last_by_subj: this.finished.subjectOf(origin, jobId),
      });
      return { data: stored.data, headers: stored.header };
    } catch {
      return undefined;
    }
  }
}

function documentOf(event: ScrapeJobFinishedEvent): FinishedDocument {
  if (event.status === 'failed') {
    throw event.error ? DomainError.fromWire(event.error) : new DomainError(ErrorCode.Internal, 'Scrape failed');
  }
  if (event.document) return { document: event.document };
  if (event.documentJson !== undefined) return { documentJson: event.documentJson };
  throw new DomainError(ErrorCode.Internal, 'Scrape finished without a document');
}
