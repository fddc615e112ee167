import { Module } from '@nestjs/common';
import { CrawlJobsRepository } from './crawl-jobs.repository';
import { CrawlPagesRepository } from './crawl-pages.repository';
import { Transactions } from './transactions';

/** Jobs and their pages (the frontier and the kept documents), which every stage of the scheduler reads and writes. */
@Module({
  providers: [Transactions, CrawlJobsRepository, CrawlPagesRepository],
  exports: [Transactions, CrawlJobsRepository, CrawlPagesRepository],
})
export class CrawlDatabaseModule {}
