import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ScrapeCacheReadReply, ScrapeJobCommand, Subjects } from '@wh/contracts';
import { JetStreamPublisher, PreserveRpcErrors } from '@wh/platform/messaging';
import { billDirectScrape } from '../scrape/direct-scrape-billing';
import { PageScraper } from '../scrape/page-scraper';
import { scrapeCredits } from '../scrape/scrape-credits';

/**
 * Answers a direct scrape from the page cache by request/reply, so a cache hit costs one round trip instead of a
 * job on the work queue. A hit is billed before it is returned, exactly as the job would bill it.
 */
@Controller()
@PreserveRpcErrors()
export class ScrapeCacheHandler {
  constructor(
    @Inject(PageScraper) private readonly scraper: PageScraper,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
  ) {}

  @MessagePattern(Subjects.scrapeCacheRead)
  async read(@Payload() job: ScrapeJobCommand): Promise<ScrapeCacheReadReply> {
    const cached = await this.scraper.fromCache(job);
    if (!cached) return {};
    await billDirectScrape(this.publisher, job, scrapeCredits(cached.usage));
    return { document: cached.document };
  }
}
