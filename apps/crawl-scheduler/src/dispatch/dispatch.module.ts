import { Module } from '@nestjs/common';
import { ScrapeClient } from '@wh/scrape-client';
import { CrawlDatabaseModule } from '../database/database.module';
import { NewWorkSignal } from './new-work-signal';
import { NextPagesListener } from './next-pages.listener';
import { PageDispatcher } from './page-dispatcher';

/** Sends queued pages to the scrape-workers' work queue within the job's and the team's concurrency. */
@Module({
  imports: [CrawlDatabaseModule],
  providers: [ScrapeClient, PageDispatcher, NextPagesListener, NewWorkSignal],
  exports: [PageDispatcher, NextPagesListener, NewWorkSignal],
})
export class DispatchModule {}
