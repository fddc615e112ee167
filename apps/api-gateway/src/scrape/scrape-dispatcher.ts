import { Inject, Injectable } from '@nestjs/common';
import type { Subscription } from 'nats';
import {
  ErrorCode,
  type ScrapeDocument,
  type ScrapeJobCommand,
  ScrapeJobFinishedEvent,
  Streams,
  Subjects,
  scrapeJobFinishedSubject,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import {
  decodeJson,
  decodePayload,
  JetStreamPublisher,
  LargeObjectStore,
  NatsClient,
  NatsRequester,
} from '@wh/platform/messaging';

/** Time the gateway keeps waiting past the job's deadline, for a result already on its way. */
const RESULT_GRACE_MS = 1_000;
/** A cache read is one indexed lookup: longer than this, the job (which reads the cache itself) is the better bet. */
const CACHE_READ_TIMEOUT_MS = 2_000;

/**
 * Answers a scrape from the page cache when the request allows cached data (one request/reply to a worker), and
 * otherwise runs it as a job on the shared JetStream work queue and waits for its completion event. The
 * subscription exists before the job is published, so the event cannot be missed; if the connection
 * dropped meanwhile, the event is read back from its stream.
 */
@Injectable()
export class ScrapeDispatcher {
  constructor(
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
    @Inject(LargeObjectStore) private readonly largeObjects: LargeObjectStore,
    @Inject(NatsRequester) private readonly requester: NatsRequester,
  ) {}

  async run(command: ScrapeJobCommand): Promise<ScrapeDocument> {
    const cache = await this.readCache(command);
    if (cache.document) return cache.document;
    return this.runJob({ ...command, cacheChecked: cache.checked });
  }

  /**
   * The cached document when there is one the request accepts. `checked` says the cache answered, so the job need
   * not look again; when it could not (a reply too large for one message, no worker in time) the job looks itself.
   */
  private async readCache(command: ScrapeJobCommand): Promise<{ document?: ScrapeDocument; checked: boolean }> {
    if (command.options.maxAge <= 0 && command.options.minAge === undefined) return { checked: false };
    try {
      const reply = await this.requester.request(Subjects.scrapeCacheRead, command, CACHE_READ_TIMEOUT_MS);
      return { document: reply.document, checked: true };
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.ScrapeNoCachedData) throw error;
      return { checked: false };
    }
  }

  private async runJob(command: ScrapeJobCommand): Promise<ScrapeDocument> {
    const subject = this.nats.namespace.subject(scrapeJobFinishedSubject('direct', command.jobId));
    const subscription = this.nats.connection.subscribe(subject, { max: 1 });
    try {
      await this.publisher.publish(Subjects.scrapeJobRun, command, { msgId: command.jobId });
      const data =
        (await this.firstMessage(subscription, command.deadlineAt - Date.now() + RESULT_GRACE_MS)) ??
        (await this.readBack(subject));
      if (!data) throw new DomainError(ErrorCode.ScrapeTimeout, 'Scrape timed out');
      return await this.documentOf(await decodePayload(ScrapeJobFinishedEvent, data));
    } finally {
      subscription.unsubscribe();
    }
  }

  private async firstMessage(subscription: Subscription, waitMs: number): Promise<Uint8Array | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), Math.max(0, waitMs));
    });
    const first = (async () => {
      for await (const message of subscription) return message.data;
      return undefined;
    })();
    try {
      return await Promise.race([first, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async readBack(subject: string): Promise<Uint8Array | undefined> {
    try {
      const stored = await this.nats.manager.streams.getMessage(this.nats.namespace.stream(Streams.scrapeResults.name), {
        last_by_subj: subject,
      });
      return stored.data;
    } catch {
      return undefined;
    }
  }

  private async documentOf(event: ScrapeJobFinishedEvent): Promise<ScrapeDocument> {
    if (event.status === 'failed') {
      throw event.error ? DomainError.fromWire(event.error) : new DomainError(ErrorCode.Internal, 'Scrape failed');
    }
    if (event.document) return event.document;
    if (!event.documentObject) throw new DomainError(ErrorCode.Internal, 'Scrape finished without a document');
    const body = await this.largeObjects.get(event.documentObject);
    if (!body) throw new DomainError(ErrorCode.Internal, 'Scrape result expired before it was read');
    await this.largeObjects.delete(event.documentObject);
    return decodeJson<ScrapeDocument>(body);
  }
}
