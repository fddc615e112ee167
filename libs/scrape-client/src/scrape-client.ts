import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  type ScrapeDocument,
  type ScrapeJobCommand,
  ScrapeJobFinishedEvent,
  type ScrapeOrigin,
  Streams,
  Subjects,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { inReceiveSpan, JetStreamPublisher, NatsClient, type ReceivedMessage } from '@wh/platform/messaging';
import { FinishedScrapes } from './finished-scrapes';

/** Time a caller keeps waiting past the job's deadline, for a result already on its way. */
const RESULT_GRACE_MS = 1_000;

/** A scrape someone waits for: never one a crawl or batch schedules (those end on the scheduler's consumer). */
export type DirectScrapeCommand = ScrapeJobCommand & { origin: Exclude<ScrapeOrigin, 'scheduled'> };

/**
 * A finished scrape's document as it arrived: parsed, or as the JSON text of a cache hit the worker passed through
 * unparsed (which holds no stored-file references), for a caller that writes it into a reply as it is.
 */
export type FinishedDocument = { document: ScrapeDocument } | { documentJson: string };

/**
 * The one way into the scrape-workers, for every service that scrapes: a command on the shared work queue, answered
 * by the worker's single handler (cache first, then the engines), which bills direct scrapes and announces the end
 * on `scrape.job.finished.<origin>.<jobId>` (`<origin>.<route>.<jobId>` for a scrape this process waits for).
 */
@Injectable()
export class ScrapeClient {
  private readonly finished: FinishedScrapes;

  constructor(
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
  ) {
    this.finished = new FinishedScrapes(nats.connection, nats.namespace);
  }

  /**
   * Queues a scrape whose end the caller reads from its own durable consumer (crawls and batches). `msgId` makes a
   * repeated submission of the same attempt a no-op inside the stream's duplicate window.
   */
  async submit(command: ScrapeJobCommand, msgId: string = command.jobId): Promise<void> {
    await this.publisher.publish(Subjects.scrapeJobRun, command, { msgId });
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
    try {
      await this.submit({ ...command, resultRoute: this.finished.route });
    } catch (error) {
      expected.cancel();
      throw error;
    }
    const message =
      (await expected.message) ?? (await this.readBack(this.finished.subjectOf(command.origin, command.jobId)));
    if (!message) throw new DomainError(ErrorCode.ScrapeTimeout, 'Scrape timed out');
    const event = await inReceiveSpan(Subjects.scrapeJobFinished, message, () =>
      this.nats.payloads.decode(ScrapeJobFinishedEvent, message),
    );
    await this.nats.payloads.release(message);
    return event;
  }

  private async readBack(subject: string): Promise<ReceivedMessage | undefined> {
    try {
      const stored = await this.nats.manager.streams.getMessage(
        this.nats.namespace.stream(Streams.scrapeResults.name),
        {
          last_by_subj: subject,
        },
      );
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
