import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CrawlDatabaseModule } from '../database/database.module';
import { DispatchModule } from '../dispatch/dispatch.module';
import { FrontierModule } from '../frontier/frontier.module';
import { JobsModule } from '../jobs/jobs.module';
import { OffloadModule } from '../offload/offload.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { PageResultHandler } from './page-result.handler';
import { PageResultsProcessor } from './page-results.processor';

/** The results of scheduled pages, kept in batches. */
@Module({
  imports: [CrawlDatabaseModule, FrontierModule, JobsModule, WebhooksModule, DispatchModule, BillingModule, OffloadModule],
  controllers: [PageResultHandler],
  providers: [PageResultsProcessor],
})
export class ResultsModule {}
