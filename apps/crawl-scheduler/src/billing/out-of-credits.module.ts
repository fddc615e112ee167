import { Module } from '@nestjs/common';
import { CrawlDatabaseModule } from '../database/database.module';
import { JobsModule } from '../jobs/jobs.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BillingModule } from './billing.module';
import { OutOfCreditsListener } from './out-of-credits.listener';
import { OutOfCreditsStopper } from './out-of-credits-stopper';
import { OutOfCreditsRepository } from './out-of-credits.repository';

/** Running jobs of a team whose credits billing announced used up end with what they scraped. */
@Module({
  // JobsModule: how long an ended job's documents are kept (DOCUMENT_RETENTION_MS), decided once.
  imports: [CrawlDatabaseModule, WebhooksModule, BillingModule, JobsModule],
  providers: [OutOfCreditsRepository, OutOfCreditsStopper, OutOfCreditsListener],
})
export class OutOfCreditsModule {}
