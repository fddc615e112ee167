import { randomUUID } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FetchResourceRequest, type FetchResourceReply, Subjects } from '@wh/contracts';
import { LargeObjectStore, NatsClient, PreserveRpcErrors } from '@wh/platform/messaging';
import { HttpEngine } from '../fetch';
import { ScrapeWorkerConfig } from '../scrape-worker.config';

/** Room left in a reply for the envelope around the base64 body. */
const ENVELOPE_BYTES = 4_096;

/**
 * Fetches a crawl's robots.txt and sitemaps for the crawl-scheduler, so every request to a site leaves through
 * the workers' engine and target guard, with the crawler's user agent. Bodies come back raw (a gzipped sitemap
 * stays gzipped); large ones through the object store.
 */
@Controller()
@PreserveRpcErrors()
export class ResourceFetchHandler {
  constructor(
    @Inject(HttpEngine) private readonly engine: HttpEngine,
    @Inject(LargeObjectStore) private readonly largeObjects: LargeObjectStore,
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(ScrapeWorkerConfig) private readonly config: ScrapeWorkerConfig,
  ) {}

  @MessagePattern(Subjects.resourceFetch)
  async fetch(@Payload() request: FetchResourceRequest): Promise<FetchResourceReply> {
    const response = await this.engine.fetch({
      url: request.url,
      headers: { accept: 'text/plain,application/xml,text/xml,application/gzip,*/*;q=0.5' },
      timeoutMs: request.timeoutMs,
      skipTlsVerification: false,
      maxBodyBytes: Math.min(request.maxBytes, this.config.MAX_RESPONSE_BYTES),
      allowPrivateTargets: this.config.ALLOW_PRIVATE_TARGETS,
      userAgent: this.config.USER_AGENT,
    });
    const head = { statusCode: response.statusCode, finalUrl: response.url, contentType: response.contentType };
    // base64 grows the body by a third.
    if ((response.body.byteLength * 4) / 3 + ENVELOPE_BYTES < this.nats.maxPayloadBytes) {
      return { ...head, bodyBase64: response.body.toString('base64') };
    }
    const bodyObject = `resource-${randomUUID()}`;
    await this.largeObjects.put(bodyObject, response.body);
    return { ...head, bodyObject };
  }
}
