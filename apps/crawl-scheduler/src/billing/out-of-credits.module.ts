import { Module } from '@nestjs/common';
import { CrawlSchedulerConfig } from '../crawl-scheduler.config';
import { CrawlDatabaseModule } from '../database/database.module';
import { DOCUMENT_RETENTION_MS, documentRetentionMs } from '../jobs/document-retention';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BillingModule } from './billing.module';
import { OutOfCreditsListener } from './out-of-credits.listener';
import { OutOfCreditsStopper } from './out-of-credits-stopper';
import { OutOfCreditsRepository } from './out-of-credits.repository';

/** Running jobs of a team whose credits billing announced used up end with what they scraped. */
@Module({
  imports: [CrawlDatabaseModule, WebhooksModule, BillingModule],
  providers: [
    { provide: DOCUMENT_RETENTION_MS, inject: [CrawlSchedulerConfig], useFactory: documentRetentionMs },
    OutOfCreditsRepository,
    OutOfCreditsStopper,
    OutOfCreditsListener,
  ],
})
export class OutOfCreditsModule {}
