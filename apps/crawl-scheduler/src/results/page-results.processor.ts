import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type ScrapeDocument, type ScrapeJobFinishedEvent } from '@wh/contracts';
import { type PageCharge, UsageBiller } from '../billing/usage-biller';
import type { Trx } from '../database/crawl-database';
import { CrawlJobsRepository, type NewPage } from '../database/crawl-jobs.repository';
import { type CompletedPage, type CrawlPageRow, CrawlPagesRepository, type DispatchedPage } from '../database/crawl-pages.repository';
import { Transactions } from '../database/transactions';
import { PageDispatcher } from '../dispatch/page-dispatcher';
import { CrawlScope } from '../frontier/crawl-scope';
import { triageLinks, withinLimit } from '../frontier/link-triage';
import { RobotsCache } from '../frontier/robots-cache';
import { crawlUrlKey, parseCrawlableUrl } from '../frontier/url-key';
import type { Job } from '../jobs/job';
import { JobFinisher } from '../jobs/job-finisher';
import { OffloadedPayloads } from '../offload/offloaded-payloads';
import { WebhookNotifier } from '../webhooks/webhook-notifier';

/** One result with everything that can be worked out before the transaction. */
interface PreparedResult {
  event: ScrapeJobFinishedEvent;
  page: CrawlPageRow;
  document: ScrapeDocument | undefined;
  discovered: NewPage[];
}

interface KeptBatch {
  charges: PageCharge[];
  webhooks: ({ id: string; teamId: string } | undefined)[];
  dispatches: { job: Job; pages: DispatchedPage[] }[];
}

function deliveryOf(job: Job, deliveryId: string | undefined): { id: string; teamId: string } | undefined {
  return deliveryId ? { id: deliveryId, teamId: job.teamId } : undefined;
}

/**
 * Keeps the results of scheduled pages, many at once: their documents (unless zero data retention), their
 * credits, the links they add to a crawl's frontier, and each job's end when its last open page settled. One
 * transaction per batch, one lock per job, one statement for the documents. Idempotent: a redelivered or late
 * result of a page already settled changes nothing but re-sends its (deduplicated) usage charge.
 */
@Injectable()
export class PageResultsProcessor {
  constructor(
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(CrawlPagesRepository) private readonly pages: CrawlPagesRepository,
    @Inject(RobotsCache) private readonly robots: RobotsCache,
    @Inject(JobFinisher) private readonly finisher: JobFinisher,
    @Inject(WebhookNotifier) private readonly notifier: WebhookNotifier,
    @Inject(PageDispatcher) private readonly dispatcher: PageDispatcher,
    @Inject(UsageBiller) private readonly biller: UsageBiller,
    @Inject(OffloadedPayloads) private readonly offloaded: OffloadedPayloads,
  ) {}

  async process(events: readonly ScrapeJobFinishedEvent[]): Promise<void> {
    // A redelivery can share a batch with the delivery it repeats: one of them is kept, both are acknowledged.
    const distinct = [...new Map(events.map((event) => [event.jobId, event])).values()];
    const pages = new Map((await this.pages.findMany(distinct.map((event) => event.jobId))).map((page) => [page.id, page]));
    // A page of an expired (deleted) job, or an event that does not match its page's team, has nothing to keep.
    const owned = distinct.filter((event) => pages.get(event.jobId)?.team_id === event.teamId);
    const jobIds = [...new Set(owned.map((event) => pages.get(event.jobId)?.job_id ?? ''))];
    const jobs = new Map((await this.jobs.findMany(jobIds)).map((job) => [job.id, job]));
    const byJob = new Map<string, PreparedResult[]>();
    await Promise.all(
      owned.map(async (event) => {
        const page = pages.get(event.jobId);
        const job = page && jobs.get(page.job_id);
        if (!page || !job) return;
        const prepared = await this.prepare(job, page, event);
        byJob.set(job.id, [...(byJob.get(job.id) ?? []), prepared]);
      }),
    );

    const kept = await this.transactions.run(async (trx) => {
      const batch: KeptBatch = { charges: [], webhooks: [], dispatches: [] };
      // Jobs in id order: two replicas keeping results of the same jobs never wait on each other's locks.
      for (const jobId of [...byJob.keys()].sort()) await this.keepJobResults(trx, jobId, byJob.get(jobId) ?? [], batch);
      return batch;
    });
    await this.offloaded.discardDocuments(events);
    await this.biller.bill(kept.charges);
    await this.notifier.queue(kept.webhooks);
    await Promise.all(kept.dispatches.map(({ job, pages: claimed }) => this.dispatcher.publish(job, claimed)));
  }

  private async prepare(job: Job, page: CrawlPageRow, event: ScrapeJobFinishedEvent): Promise<PreparedResult> {
    const document = event.status === 'completed' ? await this.offloaded.documentOf(event) : undefined;
    const discovered = document ? await this.discover(job, page.depth + 1, document, event.discoveredLinks ?? []) : [];
    return { event, page, document, discovered };
  }

  private async keepJobResults(trx: Trx, jobId: string, results: readonly PreparedResult[], batch: KeptBatch): Promise<void> {
    const job = await this.jobs.lock(trx, jobId);
    if (!job) return;
    const locked = new Map((await this.pages.lockMany(trx, results.map((result) => result.page.id))).map((page) => [page.id, page]));
    const completed: CompletedPage[] = [];
    const discovered: NewPage[] = [];
    for (const { event, page, document, discovered: links } of results) {
      const current = locked.get(page.id);
      if (!current) continue;
      if (current.state !== 'dispatched' && current.state !== 'queued') {
        if (current.state === 'completed' && current.credits > 0) batch.charges.push({ job, pageId: page.id, credits: current.credits });
        continue;
      }
      if (job.status !== 'scraping') {
        await this.pages.settle(trx, page.id, 'cancelled');
        continue;
      }
      if (!document) {
        await this.pages.fail(trx, page.id, event.error ?? { code: ErrorCode.Internal, message: 'scrape failed' });
        continue;
      }
      if (await this.isDuplicateOfKeptPage(trx, job, current, document)) {
        await this.pages.settle(trx, page.id, 'duplicate');
        continue;
      }
      const credits = event.credits ?? 1;
      completed.push({ pageId: page.id, document: job.zeroDataRetention ? null : JSON.stringify(document), credits });
      batch.charges.push({ job, pageId: page.id, credits });
      discovered.push(...links);
      batch.webhooks.push(deliveryOf(job, await this.notifier.record(trx, job, 'page', [document])));
    }
    await this.pages.completeMany(trx, job.id, completed);
    await this.admit(trx, job, discovered);
    batch.webhooks.push(deliveryOf(job, await this.finisher.finishIfDone(trx, job)));
    // The freed concurrency goes to the job's next pages in the same transaction, which already holds its row
    // (a job that just ended has no queued page left to claim).
    batch.dispatches.push({ job, pages: await this.dispatcher.claimWithin(trx, job) });
  }

  /**
   * Whether a redirect led this page to a URL the job already has; if not, the final URL's key is taken, so a
   * page reached twice under two URLs is kept once.
   */
  private async isDuplicateOfKeptPage(trx: Trx, job: Job, page: CrawlPageRow, document: ScrapeDocument): Promise<boolean> {
    const finalKey = this.finalKeyOf(job, document);
    if (!finalKey || finalKey === page.url_key) return false;
    if (await this.pages.findByKey(trx, job.id, finalKey)) return true;
    await this.jobs.insertPages(trx, job, [{ urlKey: finalKey, url: document.metadata.url, depth: page.depth, state: 'duplicate' }]);
    return false;
  }

  /** Queues the discovered URLs the job does not have yet, as many as its `limit` leaves room for. */
  private async admit(trx: Trx, job: Job, discovered: readonly NewPage[]): Promise<void> {
    if (discovered.length === 0) return;
    const unique = [...new Map(discovered.map((page) => [page.urlKey, page])).values()];
    const known = await this.pages.existingKeys(trx, job.id, unique.map((page) => page.urlKey));
    const room = (job.kind === 'crawl' ? job.crawlOptions.limit : 0) - job.pagesAdmitted;
    await this.jobs.insertPages(
      trx,
      job,
      withinLimit(
        unique.filter((page) => !known.has(page.urlKey)),
        room,
      ),
    );
  }

  private finalKeyOf(job: Job, document: ScrapeDocument): string | undefined {
    if (job.kind !== 'crawl') return undefined;
    const final = parseCrawlableUrl(document.metadata.url);
    return final && crawlUrlKey(final, job.crawlOptions.ignoreQueryParameters);
  }

  private async discover(job: Job, depth: number, document: ScrapeDocument, links: readonly string[]): Promise<NewPage[]> {
    if (job.kind !== 'crawl' || links.length === 0) return [];
    const options = job.crawlOptions;
    const start = parseCrawlableUrl(job.url);
    if (!start || options.sitemap === 'only') return [];
    const base = document.metadata.url;
    const absolute = links.map((link) => parseCrawlableUrl(link, base)?.href).filter((link): link is string => link !== undefined);
    return triageLinks(job.id, absolute, depth, new CrawlScope(start, options), options, this.robots);
  }
}
