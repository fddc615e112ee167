import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import {
  Consumers,
  type ScrapeDocument,
  ScrapeJobCommand,
  type ScrapeJobFinishedEvent,
  Subjects,
} from '@wh/contracts';
import { toDomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import {
  type JetStreamMessageContext,
  JetStreamPublisher,
  LargeObjectStore,
  PreserveRpcErrors,
  encodeJson,
} from '@wh/platform/messaging';
import { PageScraper } from './page-scraper';

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
    try {
      const document = await this.scraper.scrape(job);
      finished = await this.completed(job, document);
    } catch (error) {
      const failure = toDomainError(error);
      if (failure.retryable && !context.isLastDelivery) throw failure;
      finished = { jobId: job.jobId, teamId: job.teamId, status: 'failed', error: failure.toWire() };
    }
    await this.publisher.publish(Subjects.scrapeJobFinished, finished, {
      msgId: `${job.jobId}:finished`,
      subjectSuffix: `${job.origin}.${job.jobId}`,
    });
    if (finished.status === 'completed') {
      await this.publisher.publish(
        Subjects.usageRecorded,
        { eventId: `scrape:${job.jobId}`, teamId: job.teamId, kind: 'scrape', jobId: job.jobId, credits: 1, occurredAt: new Date().toISOString() },
        { msgId: `usage:scrape:${job.jobId}` },
      );
    }
    // Zero-data-retention jobs leave no trace of the page, not even its URL, in the logs.
    this.logger.info(
      {
        jobId: job.jobId,
        status: finished.status,
        code: finished.error?.code,
        ms: Date.now() - started,
        ...(job.options.zeroDataRetention ? {} : { url: job.url }),
      },
      'scrape job finished',
    );
  }

  /** Small documents travel in the event; large ones through the object store. */
  private async completed(job: ScrapeJobCommand, document: ScrapeDocument): Promise<ScrapeJobFinishedEvent> {
    const inline: ScrapeJobFinishedEvent = { jobId: job.jobId, teamId: job.teamId, status: 'completed', document };
    if (this.publisher.fits(inline)) return inline;
    await this.largeObjects.put(job.jobId, encodeJson(document));
    return { jobId: job.jobId, teamId: job.teamId, status: 'completed', documentObject: job.jobId };
  }
}
