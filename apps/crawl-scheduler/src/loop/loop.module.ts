import { Module } from '@nestjs/common';
import { CrawlDatabaseModule } from '../database/database.module';
import { DispatchModule } from '../dispatch/dispatch.module';
import { FrontierModule } from '../frontier/frontier.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { SchedulerLoop } from './scheduler-loop';

/** Each replica's periodic pass over the stages: seeding, dispatch, lost dispatches and webhooks, expiry. */
@Module({
  imports: [CrawlDatabaseModule, FrontierModule, DispatchModule, WebhooksModule],
  providers: [SchedulerLoop],
})
export class LoopModule {}
