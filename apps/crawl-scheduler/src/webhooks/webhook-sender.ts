import { createHmac } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Agent, request } from 'undici';
import { assertAllowedTarget, guardedLookup, systemResolver } from '@wh/platform/target-safety';

export interface WebhookAttempt {
  url: string;
  headers: Record<string, string>;
  body: string;
  secret: string;
}

export type WebhookOutcome = { delivered: true } | { delivered: false; error: string };

export interface WebhookSenderSettings {
  allowPrivateTargets: boolean;
  timeoutMs: number;
  userAgent: string;
}

/** Injection token of the sender's settings (from the service's config). */
export const WEBHOOK_SENDER_SETTINGS = Symbol('WEBHOOK_SENDER_SETTINGS');

/** `sha256=<hex HMAC-SHA256 of the raw body>`, Firecrawl's X-Firecrawl-Signature. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * POSTs one webhook event. The target passes the same address check as scrape targets (on the URL and on every
 * DNS answer), redirects are not followed, and any 2xx counts as delivered.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly agent: Agent;

  constructor(@Inject(WEBHOOK_SENDER_SETTINGS) private readonly settings: WebhookSenderSettings) {
    this.agent = new Agent({ connect: { lookup: guardedLookup(systemResolver, settings.allowPrivateTargets) } });
  }

  async send(attempt: WebhookAttempt): Promise<WebhookOutcome> {
    try {
      assertAllowedTarget(new URL(attempt.url), this.settings.allowPrivateTargets);
      const response = await request(attempt.url, {
        method: 'POST',
        dispatcher: this.agent,
        headers: {
          ...attempt.headers,
          'content-type': 'application/json',
          'user-agent': this.settings.userAgent,
          'x-firecrawl-signature': webhookSignature(attempt.secret, attempt.body),
        },
        body: attempt.body,
        headersTimeout: this.settings.timeoutMs,
        bodyTimeout: this.settings.timeoutMs,
      });
      await response.body.dump();
      if (response.statusCode >= 200 && response.statusCode < 300) return { delivered: true };
      return { delivered: false, error: `HTTP ${response.statusCode}` };
    } catch (error) {
      return { delivered: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** Keep-alive connections to webhook receivers would otherwise hold the process open. */
  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
