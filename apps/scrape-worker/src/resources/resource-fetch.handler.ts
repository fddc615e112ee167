import { Controller, Inject } from '@nestjs/common';
import { FetchResourceRequest, type FetchResourceReply, Subjects } from '@wh/contracts';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { HttpEngine } from '../fetch';
import { ScrapeWorkerConfig } from '../scrape-worker.config';

/**
 * Fetches a crawl's robots.txt and sitemaps for the crawl-scheduler, so every request to a site leaves through
 * the workers' engine and target guard, with the crawler's user agent. Bodies come back raw (a gzipped sitemap
 * stays gzipped).
 */
@Controller()
@PreserveRpcErrors()
export class ResourceFetchHandler {
  constructor(
    @Inject(HttpEngine) private readonly engine: HttpEngine,
    @Inject(ScrapeWorkerConfig) private readonly config: ScrapeWorkerConfig,
  ) {}

  @HandleRequest(Subjects.resourceFetch)
  async fetch(request: FetchResourceRequest): Promise<FetchResourceReply> {
    const response = await this.engine.fetch({
      url: request.url,
      headers: { accept: 'text/plain,application/xml,text/xml,application/gzip,*/*;q=0.5' },
      timeoutMs: request.timeoutMs,
      skipTlsVerification: false,
      maxBodyBytes: Math.min(request.maxBytes, this.config.MAX_RESPONSE_BYTES),
      allowPrivateTargets: this.config.ALLOW_PRIVATE_TARGETS,
      userAgent: this.config.USER_AGENT,
    });
    return {
      statusCode: response.statusCode,
      finalUrl: response.url,
      contentType: response.contentType,
      bodyBase64: response.body.toString('base64'),
    };
  }
}
