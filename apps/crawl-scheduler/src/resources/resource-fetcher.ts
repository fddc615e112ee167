import { Inject, Injectable } from '@nestjs/common';
import { Subjects } from '@wh/contracts';
import { toDomainError } from '@wh/platform/errors';
import { NatsRequester } from '@wh/platform/messaging';

export interface FetchedResource {
  statusCode: number;
  finalUrl: string;
  text: string;
}

const MAX_RESOURCE_BYTES = 50 * 1024 * 1024;
const RESOURCE_TIMEOUT_MS = 30_000;
/** Time the reply may take on top of the fetch itself (NATS, and the object store for a large body). */
const REPLY_MARGIN_MS = 5_000;

/**
 * Fetches robots.txt files, sitemaps and start pages through a scrape-worker (which owns outbound requests and their
 * safety checks).
 */
@Injectable()
export class ResourceFetcher {
  constructor(@Inject(NatsRequester) private readonly requester: NatsRequester) {}

  /** A robots.txt as text; a failed fetch is `undefined`: a crawl goes on with an unreadable robots.txt. */
  async fetch(url: string, timeoutMs = RESOURCE_TIMEOUT_MS): Promise<FetchedResource | undefined> {
    try {
      const reply = await this.request(url, timeoutMs);
      return {
        statusCode: reply.statusCode,
        finalUrl: reply.finalUrl,
        text: Buffer.from(reply.bodyBase64, 'base64').toString('utf8'),
      };
    } catch (error) {
      if (toDomainError(error).retryable) throw error;
      return undefined;
    }
  }

  /**
   * The raw body of a sitemap as served (a gzip file stays gzipped, for a streaming reader); `undefined` when the
   * site answers with an error status. A refused fetch (a private target) throws, so the caller can say why.
   */
  async fetchBody(url: string, timeoutMs = RESOURCE_TIMEOUT_MS): Promise<Buffer | undefined> {
    const reply = await this.request(url, timeoutMs);
    return reply.statusCode >= 400 ? undefined : Buffer.from(reply.bodyBase64, 'base64');
  }

  private request(url: string, timeoutMs: number) {
    const budget = Math.max(1, Math.min(RESOURCE_TIMEOUT_MS, Math.round(timeoutMs)));
    return this.requester.request(
      Subjects.resourceFetch,
      { url, maxBytes: MAX_RESOURCE_BYTES, timeoutMs: budget },
      budget + REPLY_MARGIN_MS,
    );
  }
}
