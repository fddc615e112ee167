import { Controller, Inject } from '@nestjs/common';
import { MAX_PAGE_LINKS, PageLinksRequest, type PageLinksReply, Subjects } from '@wh/contracts';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { extractLinks, extractMetadata } from '@wh/scraping/core';
import { HttpEngine } from '../fetch';
import { ScrapeWorkerConfig } from '../scrape-worker.config';

/** A start page is read for its links, not converted: a page far larger than this is not a site's home page. */
const MAX_PAGE_BYTES = 10 * 1024 * 1024;

/**
 * Reads a map's start page for the crawl-scheduler: fetched over HTTP through the workers' engine and target guard,
 * then reduced to its links, title and description by the same extraction a scrape's `links` format uses.
 */
@Controller()
@PreserveRpcErrors()
export class PageLinksHandler {
  constructor(
    @Inject(HttpEngine) private readonly engine: HttpEngine,
    @Inject(ScrapeWorkerConfig) private readonly config: ScrapeWorkerConfig,
  ) {}

  @HandleRequest(Subjects.pageLinksFetch)
  async fetch(request: PageLinksRequest): Promise<PageLinksReply> {
    const response = await this.engine.fetch({
      url: request.url,
      headers: {
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        ...(request.languages?.length ? { 'accept-language': request.languages.join(',') } : {}),
        ...request.headers,
      },
      timeoutMs: request.timeoutMs,
      skipTlsVerification: false,
      maxBodyBytes: Math.min(MAX_PAGE_BYTES, this.config.MAX_RESPONSE_BYTES),
      allowPrivateTargets: this.config.ALLOW_PRIVATE_TARGETS,
      userAgent: this.config.USER_AGENT,
    });
    const html = response.text;
    if (response.statusCode >= 400 || html === undefined) {
      return { statusCode: response.statusCode, finalUrl: response.url, links: [] };
    }
    const metadata = extractMetadata(html, response.url);
    return {
      statusCode: response.statusCode,
      finalUrl: response.url,
      ...(metadata.title ? { title: metadata.title } : {}),
      ...(metadata.description ? { description: metadata.description } : {}),
      links: extractLinks(html, response.url).slice(0, MAX_PAGE_LINKS),
    };
  }
}
