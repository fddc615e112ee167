import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  Consumers,
  ErrorCode,
  type ResolvedCrawlOptions,
  type ScrapeDocument,
  ScrapeJobFinishedEvent,
  Subjects,
} from '@wh/contracts';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { decodeJson, JetStreamPublisher, LargeObjectStore, PreserveRpcErrors } from '@wh/platform/messaging';
import { PageDispatcher } from '../dispatch/page-dispatcher';
import { CrawlScope } from '../frontier/crawl-scope';
import { triageLinks, withinLimit } from '../frontier/link-triage';
import { RobotsCache } from '../frontier/robots-cache';
import { crawlUrlKey, parseCrawlableUrl } from '../frontier/url-key';
import { type CrawlJobRow, CrawlJobsRepository, type NewPage } from '../jobs/crawl-jobs.repository';
import { CrawlPagesRepository } from '../jobs/crawl-pages.repository';
import { JobFinisher } from '../jobs/job-finisher';
import { WebhookNotifier } from '../webhooks/webhook-notifier';

/**
 * Keeps the result of one scheduled page: its document (unless zero data retention), its credits, the links it
 * adds to a crawl's frontier, and the job's end when it was the last open page. Idempotent: a redelivered or late
 * result of a page already settled changes nothing but re-sends its (deduplicated) usage event.
 */
@Controller()
@PreserveRpcErrors()
export class PageResultHandler {
  constructor(
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(CrawlPagesRepository) private readonly pages: CrawlPagesRepository,
    @Inject(RobotsCache) private readonly robots: RobotsCache,
    @Inject(JobFinisher) private readonly finisher: JobFinisher,
    @Inject(WebhookNotifier) private readonly notifier: WebhookNotifier,
    @Inject(PageDispatcher) private readonly dispatcher: PageDispatcher,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
    @Inject(LargeObjectStore) private readonly largeObjects: LargeObjectStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventPattern(Consumers.crawlSchedulerResults.durableName)
  async handle(@Payload() event: ScrapeJobFinishedEvent): Promise<void> {
    const page = await this.pages.find(event.jobId);
    // A page of an expired (deleted) job, or an event that does not match its page's team, has nothing to keep.
    if (!page || page.team_id !== event.teamId) return;
    const job = await this.jobs.findForTeam(page.team_id, page.job_id);
    if (!job) return;
    const document = event.status === 'completed' ? await this.documentOf(event) : undefined;
    const discovered = document ? await this.discover(job, page.depth + 1, document, event.discoveredLinks ?? []) : [];

    const outcome = await this.jobs.transaction(async (trx) => {
      const current = await this.jobs.lock(trx, job.id);
      const locked = await this.pages.lock(trx, page.id);
      if (!current || !locked) return undefined;
      if (locked.state !== 'dispatched' && locked.state !== 'queued') return { billed: locked.state === 'completed' ? locked.credits : 0, webhooks: [] };
      if (current.status !== 'scraping') {
        await this.pages.settle(trx, page.id, 'cancelled');
        return { billed: 0, webhooks: [] };
      }
      const webhooks: (string | undefined)[] = [];
      let billed = 0;
      if (document) {
        const finalKey = this.finalKeyOf(current, document);
        if (finalKey && finalKey !== locked.url_key) {
          const existing = await this.pages.findByKey(trx, job.id, finalKey);
          if (existing) {
            await this.pages.settle(trx, page.id, 'duplicate');
            return { billed: 0, webhooks: [await this.finisher.finishIfDone(trx, current)] };
          }
          await this.jobs.insertPages(trx, current, [{ urlKey: finalKey, url: document.metadata.url, depth: locked.depth, state: 'duplicate' }]);
        }
        billed = event.credits ?? 1;
        await this.pages.complete(trx, page.id, current.zero_data_retention ? null : JSON.stringify(document), billed);
        await this.jobs.addCredits(trx, job.id, billed);
        const room = (current.crawl_options?.limit ?? 0) - current.pages_admitted;
        await this.jobs.insertPages(trx, current, withinLimit(discovered, room));
        webhooks.push(await this.notifier.record(trx, current, 'page', [document]));
      } else {
        await this.pages.fail(trx, page.id, event.error ?? { code: ErrorCode.Internal, message: 'scrape failed' });
      }
      webhooks.push(await this.finisher.finishIfDone(trx, current));
      return { billed, webhooks };
    });
    if (event.documentObject) await this.largeObjects.delete(event.documentObject);
    if (!outcome) return;
    if (outcome.billed > 0) await this.bill(job, page.id, outcome.billed);
    await this.notifier.queue(outcome.webhooks.map((id) => (id ? { id, teamId: job.team_id } : undefined)));
    await this.dispatcher.dispatch(job.id);
  }

  private async documentOf(event: ScrapeJobFinishedEvent): Promise<ScrapeDocument | undefined> {
    if (event.document) return event.document;
    if (!event.documentObject) return undefined;
    const body = await this.largeObjects.get(event.documentObject);
    if (!body) return undefined;
    return decodeJson<ScrapeDocument>(body);
  }

  /** The key of the URL a redirect ended at, so a page reached twice under two URLs is kept once. */
  private finalKeyOf(job: CrawlJobRow, document: ScrapeDocument): string | undefined {
    if (job.kind !== 'crawl') return undefined;
    const final = parseCrawlableUrl(document.metadata.url);
    return final && crawlUrlKey(final, (job.crawl_options as ResolvedCrawlOptions).ignoreQueryParameters);
  }

  private async discover(job: CrawlJobRow, depth: number, document: ScrapeDocument, links: readonly string[]): Promise<NewPage[]> {
    if (job.kind !== 'crawl' || links.length === 0) return [];
    const options = job.crawl_options as ResolvedCrawlOptions;
    const start = parseCrawlableUrl(job.url);
    if (!start || options.sitemap === 'only') return [];
    const base = document.metadata.url;
    const absolute = links.map((link) => parseCrawlableUrl(link, base)?.href).filter((link): link is string => link !== undefined);
    return triageLinks(job.id, absolute, depth, new CrawlScope(start, options), options, this.robots);
  }

  private async bill(job: CrawlJobRow, pageId: string, credits: number): Promise<void> {
    await this.publisher.publish(
      Subjects.usageRecorded,
      { eventId: `${job.kind}:${pageId}`, teamId: job.team_id, kind: job.kind, jobId: job.id, credits, occurredAt: new Date().toISOString() },
      { msgId: `usage:${job.kind}:${pageId}` },
    );
    if (!job.zero_data_retention) this.logger.debug({ jobId: job.id, pageId, credits }, 'page billed');
  }
}
