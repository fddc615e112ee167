import { Module } from '@nestjs/common';
import { CrawlDatabaseModule } from '../database/database.module';
import { NextPagesListener } from './next-pages.listener';
import { PageDispatcher } from './page-dispatcher';

/** Sends queued pages to the scrape-workers' work queue within the job's and the team's concurrency. */
@Module({
  imports: [CrawlDatabaseModule],
  providers: [PageDispatcher, NextPagesListener],
  exports: [PageDispatcher, NextPagesListener],
})
export class DispatchModule {}
