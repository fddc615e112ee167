import { Module } from '@nestjs/common';
import { CrawlSchedulerConfig } from '../crawl-scheduler.config';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryHandler } from './webhook-delivery.handler';
import { WebhookEventsListener } from './webhook-events.listener';
import { WEBHOOK_FILE_LINKS, webhookFileLinks } from './webhook-file-links';
import { WebhookHousekeeping } from './webhook-housekeeping';
import { WebhookNotifier } from './webhook-notifier';
import { WEBHOOK_SENDER_SETTINGS, WebhookSender, type WebhookSenderSettings } from './webhook-sender';

const WEBHOOK_USER_AGENT = 'WebHarvest-Webhooks/0.1';

/** Webhook events of jobs: recorded with the state they report, queued after commit, delivered and retried. */
@Module({
  controllers: [WebhookDeliveryHandler],
  providers: [
    {
      provide: WEBHOOK_SENDER_SETTINGS,
      inject: [CrawlSchedulerConfig],
      useFactory: (config: CrawlSchedulerConfig): WebhookSenderSettings => ({
        allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        userAgent: WEBHOOK_USER_AGENT,
      }),
    },
    { provide: WEBHOOK_FILE_LINKS, inject: [CrawlSchedulerConfig], useFactory: webhookFileLinks },
    WebhookDeliveriesRepository,
    WebhookNotifier,
    WebhookSender,
    WebhookHousekeeping,
    WebhookEventsListener,
  ],
  exports: [WebhookNotifier, WebhookHousekeeping, WebhookEventsListener],
})
export class WebhooksModule {}
