import { Inject, Injectable } from '@nestjs/common';
import { crawlFrontierPages, crawlPagesAdmitted, onMetricsScrape } from '@wh/platform/telemetry';
import type { Trx } from '../database/crawl-database';
import { CrawlJobsRepository, type NewPage } from '../database/crawl-jobs.repository';
import { CrawlPagesRepository, type ResultPageRow } from '../database/crawl-pages.repository';
import type { Job, JobSettings } from '../jobs/job';
import { CrawlScope } from './crawl-scope';
import { DiscoveredUrls } from './discovered-urls';
import { LinkReadings } from './link-readings';
import { triageLinks } from './link-triage';
import { RobotsCache } from './robots-cache';
import { crawlUrlKey, parseCrawlableUrl } from './url-key';

/** What a crawl's kept pages add to its frontier: their links in scope, and the URLs redirects led them to. */
@Injectable()
export class CrawlFrontier {
  private readonly readings = new LinkReadings();

  constructor(
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(CrawlPagesRepository) private readonly pages: CrawlPagesRepository,
    @Inject(RobotsCache) private readonly robots: RobotsCache,
  ) {
    onMetricsScrape(async () => crawlFrontierPages.set(await this.pages.frontierSize()));
  }

  /** The links of a page (relative to its final URL) that the crawl would queue at `depth`; none for a batch. */
  async discover(job: JobSettings, depth: number, finalUrl: string, links: readonly string[]): Promise<NewPage[]> {
    if (job.kind !== 'crawl' || links.length === 0) return [];
    const options = job.crawlOptions;
    const start = parseCrawlableUrl(job.url);
    if (!start || options.sitemap === 'only') return [];
    const discovered = new DiscoveredUrls(
      new CrawlScope(start, options),
      options.ignoreQueryParameters,
      Number.POSITIVE_INFINITY,
      this.readings.of(job.id),
    );
    for (const link of links) discovered.offer(link, depth, finalUrl);
    return triageLinks(discovered, depth, (url) => this.robots.rulesFor(job.id, url));
  }

  /**
   * Queues the discovered URLs the job does not have yet, as many as its `limit` leaves room for. Says, when it asked
   * the database, whether the job has open pages now (none offered: undefined).
   */
  async admit(trx: Trx, job: Job, discovered: readonly NewPage[]): Promise<{ openPages: boolean } | undefined> {
    if (discovered.length === 0) return undefined;
    const unique = [...new Map(discovered.map((page) => [page.urlKey, page])).values()];
    const room = (job.kind === 'crawl' ? job.crawlOptions.limit : 0) - job.pagesAdmitted;
    const { queued, openPages } = await this.jobs.admitNew(trx, job, unique, room);
    crawlPagesAdmitted.inc(queued);
    return { openPages };
  }

  /**
   * Whether a redirect led this page of a crawl to a URL the job already has; if not, the final URL's key is taken,
   * so a page reached twice under two URLs is kept once.
   */
  async isRedirectDuplicate(
    trx: Trx,
    job: Job,
    page: Pick<ResultPageRow, 'url_key' | 'depth'>,
    finalUrl: string,
  ): Promise<boolean> {
    if (job.kind !== 'crawl') return false;
    const final = parseCrawlableUrl(finalUrl);
    const finalKey = final && crawlUrlKey(final, job.crawlOptions.ignoreQueryParameters);
    if (!finalKey || finalKey === page.url_key) return false;
    if (await this.pages.findByKey(trx, job.id, finalKey)) return true;
    await this.jobs.insertPages(trx, job, [{ urlKey: finalKey, url: finalUrl, depth: page.depth, state: 'duplicate' }]);
    return false;
  }
}
