import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import {
  Consumers,
  ErrorCode,
  MAX_DISCOVERED_LINKS_PER_PAGE,
  ScrapeJobCommand,
  type ScrapeDocument,
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
import { billDirectScrape } from './direct-scrape-billing';
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
    const started = new Date();
    let finished: ScrapeJobFinishedEvent;
    try {
      const { usage, ...outcome } = await this.scrapeWithLinks(job, started);
      finished = { jobId: job.jobId, teamId: job.teamId, status: 'completed', credits: scrapeCredits(usage), ...outcome };
    } catch (error) {
      const failure = toDomainError(error);
      if (failure.retryable && !context.isLastDelivery) throw failure;
      finished = { jobId: job.jobId, teamId: job.teamId, status: 'failed', error: failure.toWire() };
    }
    // The cache write starts with the announcement rather than after it, so the page is usually stored by the time
    // its requester can ask again; the requester never waits for it. Both, and the bill, happen before the ack.
    await Promise.all([this.announce(job, finished), finished.document && this.rememberInCache(job, finished.document, started)]);
    // A scheduled page is billed by the job that owns it, when it keeps the page (not after a cancel).
    if (finished.credits !== undefined && job.origin === 'direct') await billDirectScrape(this.publisher, job, finished.credits);
    // Zero-data-retention jobs leave no trace of the page, not even its URL, in the logs.
    this.logger.info(
      {
        jobId: job.jobId,
        status: finished.status,
        code: finished.error?.code,
        engine: finished.document?.metadata.engine,
        ms: Date.now() - started.getTime(),
        ...(job.options.zeroDataRetention ? {} : { url: job.url }),
      },
      'scrape job finished',
    );
  }

  /** The cache only saves later work: failing to write it must not fail a scrape that was already delivered. */
  private async rememberInCache(job: ScrapeJobCommand, document: ScrapeDocument, scrapedAt: Date): Promise<void> {
    try {
      await this.scraper.remember(job, document, scrapedAt);
    } catch (error) {
      this.logger.warn({ err: error, jobId: job.jobId }, 'page not cached');
    }
  }

  /** Scrapes the page; a job that discovers links gets them whatever formats it asked for. */
  private async scrapeWithLinks(
    job: ScrapeJobCommand,
    now: Date,
  ): Promise<{ document: ScrapeDocument; usage: ScrapeUsage; discoveredLinks?: string[] }> {
    const wantsLinks = job.options.formats.includes('links');
    if (!job.discoverLinks) return this.scraper.scrape(job, now);
    const withLinks = wantsLinks ? job : { ...job, options: { ...job.options, formats: [...job.options.formats, 'links' as const] } };
    const { document: found, usage } = await this.scraper.scrape(withLinks, now);
    const { links, ...rest } = found;
    const document: ScrapeDocument = wantsLinks ? { ...rest, links } : rest;
    return { document, usage, discoveredLinks: (links ?? []).slice(0, MAX_DISCOVERED_LINKS_PER_PAGE) };
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
