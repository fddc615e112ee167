import { Module } from '@nestjs/common';
import { CrawlDatabaseModule } from '../database/database.module';
import { PageDispatcher } from './page-dispatcher';

/** Sends queued pages to the scrape-workers' work queue within the job's and the team's concurrency. */
@Module({
  imports: [CrawlDatabaseModule],
  providers: [PageDispatcher],
  exports: [PageDispatcher],
})
export class DispatchModule {}
