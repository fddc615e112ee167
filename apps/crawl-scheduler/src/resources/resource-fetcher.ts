import { gunzipSync } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { Subjects } from '@wh/contracts';
import { toDomainError } from '@wh/platform/errors';
import { NatsRequester } from '@wh/platform/messaging';

export interface FetchedResource {
  statusCode: number;
  finalUrl: string;
  /** The body as text, gunzipped when it was a gzip file. */
  text: string;
}

const MAX_RESOURCE_BYTES = 50 * 1024 * 1024;
const RESOURCE_TIMEOUT_MS = 30_000;

function isGzip(body: Buffer): boolean {
  return body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b;
}

/**
 * Fetches robots.txt files and sitemaps through a scrape-worker (which owns outbound requests and their safety
 * checks). A failed fetch is `undefined`: a crawl goes on without a sitemap or with an unreadable robots.txt.
 */
@Injectable()
export class ResourceFetcher {
  constructor(@Inject(NatsRequester) private readonly requester: NatsRequester) {}

  async fetch(url: string): Promise<FetchedResource | undefined> {
    try {
      const reply = await this.requester.request(
        Subjects.resourceFetch,
        { url, maxBytes: MAX_RESOURCE_BYTES, timeoutMs: RESOURCE_TIMEOUT_MS },
        RESOURCE_TIMEOUT_MS + 5_000,
      );
      const body = Buffer.from(reply.bodyBase64, 'base64');
      const raw = isGzip(body) ? gunzipSync(body, { maxOutputLength: MAX_RESOURCE_BYTES }) : body;
      return { statusCode: reply.statusCode, finalUrl: reply.finalUrl, text: raw.toString('utf8') };
    } catch (error) {
      if (toDomainError(error).retryable) throw error;
      return undefined;
    }
  }
}
