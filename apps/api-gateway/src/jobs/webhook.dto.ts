import { HttpUrl } from '../http/target-url';
import { plainToInstance } from 'class-transformer';
import { IsArray, IsIn, IsObject, IsOptional } from 'class-validator';
import { IsStringRecord, WEBHOOK_EVENT_KINDS, type WebhookEventKind, type WebhookTarget } from '@wh/contracts';

/** The webhook object of spec 2.3. */
export class WebhookDto {
  @HttpUrl('webhook.url')
  url!: string;

  @IsOptional()
  @IsStringRecord()
  headers?: Record<string, string>;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;

  @IsOptional()
  @IsArray()
  @IsIn(WEBHOOK_EVENT_KINDS, { each: true })
  events?: WebhookEventKind[];
}

/** The SDKs also send a bare URL string as the webhook. */
export function toWebhookDto({ value }: { value: unknown }): unknown {
  if (typeof value === 'string') return plainToInstance(WebhookDto, { url: value });
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return plainToInstance(WebhookDto, value);
  return value;
}

/** Every event when the caller named none. */
export function resolveWebhook(webhook: WebhookDto | undefined): WebhookTarget | undefined {
  if (!webhook) return undefined;
  return {
    url: webhook.url,
    headers: webhook.headers ?? {},
    metadata: webhook.metadata ?? {},
    events: webhook.events && webhook.events.length > 0 ? [...new Set(webhook.events)] : [...WEBHOOK_EVENT_KINDS],
  };
}
