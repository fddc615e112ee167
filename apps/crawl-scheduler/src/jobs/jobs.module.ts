import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CrawlSchedulerConfig } from '../crawl-scheduler.config';
import { CrawlDatabaseModule } from '../database/database.module';
import { DispatchModule } from '../dispatch/dispatch.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CancelJobService } from './cancel-job.service';
import { CrawlJobsHandler } from './crawl-jobs.handler';
import { CreateJobService } from './create-job.service';
import { HiddenPagesRepository } from '../database/hidden-pages.repository';
import { DOCUMENT_RETENTION_MS, documentRetentionMs } from './document-retention';
import { HiddenPages } from './hidden-pages';
import { JobFinisher } from './job-finisher';
import { JobQueriesService } from './job-queries.service';

/** The gateway's calls about batch scrapes and crawls (create, status, cancel, errors, active), and the end of a job. */
@Module({
  imports: [CrawlDatabaseModule, WebhooksModule, DispatchModule, BillingModule],
  controllers: [CrawlJobsHandler],
  providers: [
    { provide: DOCUMENT_RETENTION_MS, inject: [CrawlSchedulerConfig], useFactory: documentRetentionMs },
    CreateJobService,
    JobQueriesService,
    CancelJobService,
    JobFinisher,
    HiddenPagesRepository,
    HiddenPages,
  ],
  exports: [JobFinisher, DOCUMENT_RETENTION_MS],
})
export class JobsModule {}
