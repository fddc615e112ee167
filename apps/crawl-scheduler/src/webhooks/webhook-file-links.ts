import { Logger } from '@nestjs/common';
import { SignedFileUrls } from '@wh/platform/storage';
import type { CrawlSchedulerConfig } from '../crawl-scheduler.config';

export const WEBHOOK_FILE_LINKS = Symbol('WEBHOOK_FILE_LINKS');

/** Documents' JSON text with the team's screenshot and PDF references made into links a gateway serves. */
export type WebhookFileLinks = (documentsJson: string, teamId: string) => string;

export function webhookFileLinks(
  config: Pick<CrawlSchedulerConfig, 'FILES_URL_SECRET' | 'PUBLIC_BASE_URL'>,
): WebhookFileLinks {
  if (!config.FILES_URL_SECRET) {
    new Logger('Webhooks').warn(
      'FILES_URL_SECRET is not set: screenshots and PDFs in webhook bodies stay unsigned wh-file: references. ' +
        "Give the crawl-scheduler the gateways' key to send links instead.",
    );
    return (documentsJson) => documentsJson;
  }
  const urls = new SignedFileUrls(config.FILES_URL_SECRET, config.PUBLIC_BASE_URL);
  return (documentsJson, teamId) => urls.inJson(documentsJson, teamId);
}
