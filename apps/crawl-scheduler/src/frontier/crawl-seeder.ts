import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { Transactions } from '../database/transactions';
import type { Crawl } from '../jobs/job';
import { ResourceFetcher } from '../resources/resource-fetcher';
import { CrawlScope } from './crawl-scope';
import { DiscoveredUrls } from './discovered-urls';
import { triageLinks, withinLimit } from './link-triage';
import { RobotsCache } from './robots-cache';
import { readSitemaps, sitemapRoots } from './sitemap-reader';
import { parseCrawlableUrl } from './url-key';

/**
 * Starts a crawl's frontier: reads the start origin's robots.txt (rules and Crawl-delay), the sitemaps it names or
 * `/sitemap.xml` unless `sitemap: skip`, and queues the start URL and sitemap URLs at depth 0.
 */
@Injectable()
export class CrawlSeeder {
  constructor(
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(CrawlJobsRepository) private readonly jobs: CrawlJobsRepository,
    @Inject(RobotsCache) private readonly robots: RobotsCache,
    @Inject(ResourceFetcher) private readonly fetcher: ResourceFetcher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async seed(job: Crawl): Promise<void> {
    const options = job.crawlOptions;
    const start = parseCrawlableUrl(job.url);
    if (!start) throw new Error(`crawl ${job.id} has an uncrawlable start URL`);
    const scope = new CrawlScope(start, options);
    const rules = await this.robots.rulesFor(job.id, start);

    // Room for the sitemap URLs robots.txt turns out to block, which do not count against the limit.
    const discovered = new DiscoveredUrls(scope, options.ignoreQueryParameters, options.limit * 2);
    discovered.offer(start.href, 0);
    let warnings: string[] = [];
    if (options.sitemap !== 'skip') {
      ({ warnings } = await readSitemaps(
        sitemapRoots(start, rules),
        (url) => this.fetcher.fetchBody(url),
        (url) => discovered.offer(url, 0),
      ));
    }
    const pages = await triageLinks(discovered, 0, (url) => this.robots.rulesFor(job.id, url));
    const crawlDelayMs = Math.round((rules.crawlDelaySeconds() ?? 0) * 1000);

    await this.transactions.run(async (trx) => {
      const current = await this.jobs.lock(trx, job.id);
      if (!current || current.seeded || current.status !== 'scraping') return;
      await this.jobs.insertPages(trx, current, withinLimit(pages, options.limit - current.pagesAdmitted));
      if (crawlDelayMs > current.delayMs) await this.jobs.setDelay(trx, job.id, crawlDelayMs);
      await this.jobs.markSeeded(trx, job.id);
    });
    if (!job.zeroDataRetention) {
      this.logger.info(
        {
          jobId: job.id,
          queued: pages.filter((page) => page.state !== 'blocked').length,
          crawlDelayMs,
          ...(warnings.length > 0 ? { sitemapWarnings: warnings } : {}),
        },
        'crawl seeded',
      );
    }
  }
}
