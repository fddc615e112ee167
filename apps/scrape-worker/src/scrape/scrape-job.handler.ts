import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import {
  Consumers,
  ErrorCode,
  ScrapeJobCommand,
  type ScrapeJobFinishedEvent,
  Subjects,
} from '@wh/contracts';
import { DomainError, toDomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import {
  type JetStreamMessageContext,
  JetStreamPublisher,
  LargeObjectStore,
  PreserveRpcErrors,
  encodeJson,
} from '@wh/platform/messaging';
import { PageScraper } from './page-scraper';
import { scrapeCredits, type ScrapeUsage } from './scrape-credits';

/**
 * Runs one scrape job from the shared work queue and announces its end. A failure of the target (timeout,
 * refused address, unsupported file) is a result, not a retry; only our own dependencies failing is retried.
 */
@Controller()
@PreserveRpcErrors()
export class ScrapeJobHandler {
  constructor(
    @Inject(PageScraper) private readonly scraper: PageScraper,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
    @Inject(LargeObjectStore) private readonly largeObjects: LargeObjectStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventPattern(Consumers.scrapeWorkerJobs.durableName)
  async handle(@Payload() job: ScrapeJobCommand, @Ctx() context: JetStreamMessageContext): Promise<void> {
    const started = Date.now();
    let finished: ScrapeJobFinishedEvent;
    let usage: ScrapeUsage | undefined;
    try {
      const outcome = await this.scraper.scrape(job);
      usage = outcome.usage;
      finished = { jobId: job.jobId, teamId: job.teamId, status: 'completed', document: outcome.document };
    } catch (error) {
      const failure = toDomainError(error);
      if (failure.retryable && !context.isLastDelivery) throw failure;
      finished = { jobId: job.jobId, teamId: job.teamId, status: 'failed', error: failure.toWire() };
    }
    await this.announce(job, finished);
    if (usage) {
      const credits = scrapeCredits(usage);
      await this.publisher.publish(
        Subjects.usageRecorded,
        { eventId: `scrape:${job.jobId}`, teamId: job.teamId, kind: 'scrape', jobId: job.jobId, credits, occurredAt: new Date().toISOString() },
        { msgId: `usage:scrape:${job.jobId}` },
      );
    }
    // Zero-data-retention jobs leave no trace of the page, not even its URL, in the logs.
    this.logger.info(
      {
        jobId: job.jobId,
        status: finished.status,
        code: finished.error?.code,
        engine: finished.document?.metadata.engine,
        ms: Date.now() - started,
        ...(job.options.zeroDataRetention ? {} : { url: job.url }),
      },
      'scrape job finished',
    );
  }

  /**
   * Publishes the end of the job. Documents travel in the event when they fit; when the publisher refuses one as
   * larger than the NATS max payload, the document goes to the object store and the event carries its name.
   */
  private async announce(job: ScrapeJobCommand, finished: ScrapeJobFinishedEvent): Promise<void> {
    const options = { msgId: `${job.jobId}:finished`, subjectSuffix: `${job.origin}.${job.jobId}` };
    try {
      await this.publisher.publish(Subjects.scrapeJobFinished, finished, options);
    } catch (error) {
      const { document, ...reference } = finished;
      if (!(error instanceof DomainError && error.code === ErrorCode.PayloadTooLarge && document)) throw error;
      await this.largeObjects.put(job.jobId, encodeJson(document));
      await this.publisher.publish(Subjects.scrapeJobFinished, { ...reference, documentObject: job.jobId }, options);
    }
  }
}
