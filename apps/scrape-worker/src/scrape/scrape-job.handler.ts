import { Controller, Inject } from '@nestjs/common';
import {
  Consumers,
  type DocumentFormat,
  holdsStoredFiles,
  MAX_DISCOVERED_LINKS_PER_PAGE,
  ScrapeJobCommand,
  type ScrapeDocument,
  type ScrapeJobFinishedEvent,
  scrapeJobFinishedAnnouncement,
} from '@wh/contracts';
import { toDomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import {
  ConsumeStream,
  type JetStreamMessageContext,
  JetStreamPublisher,
  PreserveRpcErrors,
} from '@wh/platform/messaging';
import { pagesScraped } from '@wh/platform/telemetry';
import { BrandingProfiler } from '../branding/branding-profiler';
import { answeredAsStored, CacheHitReader } from '../cache/cache-hit-reader';
import { ChangeTracker } from '../change-tracking/change-tracker';
import { formatsExtractionReads, PageExtractor, withExtracted } from '../extraction/page-extractor';
import { UsageBatchPublisher } from '../usage/usage-batch-publisher';
import { PageScraper } from './page-scraper';
import { scrapeCredits, type ScrapeUsage } from './scrape-credits';

/** The page as scraped and the job that scraped it (with the formats it added), for the cache. */
interface Scraped {
  job: ScrapeJobCommand;
  document: ScrapeDocument;
}

/**
 * Runs one scrape job and announces its end: the single entry of every scrape, direct (from the memory queue of its
 * own) or scheduled and extract (from the shared file queue), so the page cache is consulted, and direct scrapes are
 * billed, in exactly one place. A failure of the target (timeout, refused address, unsupported file) is a result, not
 * a retry; only our own dependencies failing is retried.
 */
@Controller()
@PreserveRpcErrors()
export class ScrapeJobHandler {
  constructor(
    @Inject(PageScraper) private readonly scraper: PageScraper,
    @Inject(PageExtractor) private readonly extractor: PageExtractor,
    @Inject(ChangeTracker) private readonly changes: ChangeTracker,
    @Inject(BrandingProfiler) private readonly branding: BrandingProfiler,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
    @Inject(CacheHitReader) private readonly cacheHits: CacheHitReader,
    @Inject(UsageBatchPublisher) private readonly usage: UsageBatchPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ConsumeStream(Consumers.scrapeWorkerDirectJobs)
  async handleDirect(job: ScrapeJobCommand, context: JetStreamMessageContext): Promise<void> {
    await this.handle(job, context);
  }

  @ConsumeStream(Consumers.scrapeWorkerJobs)
  async handle(job: ScrapeJobCommand, context: JetStreamMessageContext): Promise<void> {
    const started = new Date();
    let finished: ScrapeJobFinishedEvent;
    let scraped: Scraped | undefined;
    let engine: string | undefined;
    try {
      const documentJson = await this.cacheHits.findJson(job, started);
      if (documentJson !== undefined) {
        finished = {
          jobId: job.jobId,
          teamId: job.teamId,
          status: 'completed',
          credits: CACHE_HIT_CREDITS,
          documentJson,
        };
        engine = 'cache';
      } else {
        const { usage, scraped: page, document, ...outcome } = await this.produce(job, started);
        scraped = page;
        const { cacheState, engine: fetchedWith } = document.metadata;
        engine = cacheState === 'hit' ? 'cache' : typeof fetchedWith === 'string' ? fetchedWith : undefined;
        finished = {
          jobId: job.jobId,
          teamId: job.teamId,
          status: 'completed',
          credits: scrapeCredits(usage),
          ...(usage.llmTokens ? { tokens: usage.llmTokens } : {}),
          ...outcome,
          ...documentOnTheWire(job, document),
        };
      }
    } catch (error) {
      const failure = toDomainError(error);
      if (failure.retryable && !context.isLastDelivery) throw failure;
      finished = { jobId: job.jobId, teamId: job.teamId, status: 'failed', error: failure.toWire() };
    }
    // The cache write starts with the announcement rather than after it, so the page is usually stored by the time
    // its requester can ask again; the requester never waits for it. Both, and the bill, happen before the ack.
    // A requester waiting on its route hears the announcement on its own subscription and reads it back from the
    // stream if that missed it, so its announcement goes without waiting for the stream's answer (a trip and a write
    // less per cached hit); a scheduled page's announcement is read from the stream only, and must be known stored.
    const announcement = scrapeJobFinishedAnnouncement(job.origin, job.jobId, job.resultRoute);
    const [answeredMs] = await Promise.all([
      this.publisher
        .publish(announcement.subject, finished, {
          msgId: `${job.jobId}:finished`,
          subjectSuffix: announcement.suffix,
          unconfirmed: job.resultRoute !== undefined,
        })
        .then(() => Date.now() - started.getTime()),
      scraped && this.rememberInCache(scraped.job, scraped.document, started),
    ]);
    // A scheduled page is billed by the job that owns it, when it keeps the page (not after a cancel).
    if (finished.credits !== undefined && job.origin === 'direct')
      await this.bill(job, finished.credits, finished.tokens);
    pagesScraped.inc({ engine: engine ?? 'none', outcome: finished.error?.code ?? finished.status });
    // Zero-data-retention jobs leave no trace of the page, not even its URL, in the logs.
    this.logger.info(
      {
        jobId: job.jobId,
        status: finished.status,
        code: finished.error?.code,
        engine,
        ms: Date.now() - started.getTime(),
        // Until the result was announced: the part of `ms` a requester waits for (the charge's batch comes after).
        answeredMs,
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

  /**
   * Scrapes the page with what the job needs besides its formats (its links for a crawl's discovery, the markdown
   * and raw HTML extract-service reads), adds the json and summary formats, and keeps only the formats asked for.
   * The page as scraped, before extraction, is what the cache keeps: one schema's answer is never served to another.
   * A branding profile is kept with its page (it depends on nothing but the page), unless the model's pass over it
   * failed: then the page is not cached, so that the next request does not miss the model's pass for days.
   */
  private async produce(
    job: ScrapeJobCommand,
    now: Date,
  ): Promise<{ document: ScrapeDocument; usage: ScrapeUsage; discoveredLinks?: string[]; scraped?: Scraped }> {
    const asked = job.options.formats;
    const needed: DocumentFormat[] = [
      ...(job.discoverLinks ? (['links'] as const) : []),
      ...formatsExtractionReads(job.options),
    ].filter((format) => !asked.includes(format));
    const scrapeJob =
      needed.length === 0 ? job : { ...job, options: { ...job.options, formats: [...asked, ...needed] } };
    // A job answered as stored was looked up by the cache-hit reader already, under the same key (it adds no format).
    const {
      document: page,
      usage,
      brandingSample,
      discoveredLinks,
    } = await this.scraper.scrape(scrapeJob, now, answeredAsStored(job));
    const [extracted, branded] = await Promise.all([
      this.extractor.extract(job, page),
      brandingSample && this.branding.profile(job, page.metadata.url || job.url, brandingSample),
    ]);
    if (branded) page.branding = branded.profile;
    const document = withExtracted(page, extracted, needed);
    const { changeTracking } = job.options;
    const tracked = changeTracking && (await this.changes.track(job, changeTracking, page, now));
    if (tracked) document.changeTracking = tracked.changeTracking;
    const brandingWarning =
      branded?.refinementFailure &&
      `branding: the model's pass failed (${branded.refinementFailure}); colours, fonts and logo are the heuristics' and personality is absent.`;
    const warning = [page.warning, extracted.warning, tracked?.warning, brandingWarning].filter(Boolean).join(' ');
    if (warning) document.warning = warning;
    return {
      document,
      usage: {
        ...usage,
        ...(job.options.extraction?.json ? { jsonExtracted: true } : {}),
        ...(changeTracking?.modes.includes('json') ? { changeTrackingJson: true } : {}),
        ...llmTokensOf(extracted.tokens, tracked?.tokens, branded?.tokens),
      },
      ...(job.discoverLinks
        ? { discoveredLinks: (discoveredLinks ?? page.links ?? []).slice(0, MAX_DISCOVERED_LINKS_PER_PAGE) }
        : {}),
      ...(branded?.refinementFailure ? {} : { scraped: { job: scrapeJob, document: page } }),
    };
  }

  /**
   * Records a direct scrape's credits (and the LLM tokens of its json and summary formats), once per job: billing
   * keeps one charge per event id across redeliveries, whichever batch of usage carries it.
   */
  private async bill(job: ScrapeJobCommand, credits: number, tokens: number | undefined): Promise<void> {
    await this.usage.record({
      eventId: `scrape:${job.jobId}`,
      teamId: job.teamId,
      kind: 'scrape',
      jobId: job.jobId,
      ...(job.apiKeyId ? { apiKeyId: job.apiKeyId } : {}),
      credits,
      ...(tokens ? { tokens } : {}),
      occurredAt: new Date().toISOString(),
    });
  }
}

/**
 * The document as it travels in the result. A waiting requester splices the text into its reply, and the
 * crawl-scheduler stores a scheduled page's text as it is (reading only `pageUrl`): serialised once here, parsed by
 * nobody on the way. A direct page with stored files goes as an object, for the gateway to sign them.
 */
function documentOnTheWire(
  job: ScrapeJobCommand,
  document: ScrapeDocument,
): Pick<ScrapeJobFinishedEvent, 'document' | 'documentJson' | 'pageUrl'> {
  if (job.origin === 'scheduled') return { documentJson: JSON.stringify(document), pageUrl: document.metadata.url };
  if (job.resultRoute !== undefined && !holdsStoredFiles(document)) return { documentJson: JSON.stringify(document) };
  return { document };
}

/** A page answered from the cache as stored: fetched through no proxy, no PDF parsed, nothing extracted. */
const CACHE_HIT_CREDITS = scrapeCredits({ proxyUsed: 'basic' });

/** The LLM tokens of a page's model calls (json and summary, change tracking's json mode, branding's pass). */
function llmTokensOf(...calls: (number | undefined)[]): { llmTokens?: number } {
  const tokens = calls.reduce<number>((sum, call) => sum + (call ?? 0), 0);
  return tokens > 0 ? { llmTokens: tokens } : {};
}
