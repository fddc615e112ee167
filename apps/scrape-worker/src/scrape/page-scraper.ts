import { ErrorCode, type ScrapeDocument, type ScrapeJobCommand } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { scrapeCacheKey } from '../cache/cache-key';
import type { ScrapeCacheRepository } from '../cache/scrape-cache.repository';
import type { HttpEngine } from '../fetch';
import { buildDocument, type Converter } from './document-builder';

export interface PageScraperSettings {
  allowPrivateTargets: boolean;
  maxResponseBytes: number;
  userAgent: string;
}

/** Decides where a page comes from (cache or the site) and produces its document. */
export class PageScraper {
  constructor(
    private readonly cache: ScrapeCacheRepository,
    private readonly engine: HttpEngine,
    private readonly convert: Converter,
    private readonly settings: PageScraperSettings,
  ) {}

  async scrape(job: ScrapeJobCommand, now = new Date()): Promise<ScrapeDocument> {
    const { options } = job;
    const cacheKey = scrapeCacheKey(job.url, options);

    if (options.minAge !== undefined) {
      const cached = await this.cache.find(cacheKey, { olderThan: new Date(now.getTime() - options.minAge) });
      if (!cached) throw new DomainError(ErrorCode.ScrapeNoCachedData, 'No cached data meets the minAge requirement');
      return markCached(cached.document, cached.scrapedAt);
    }
    if (options.maxAge > 0) {
      const cached = await this.cache.find(cacheKey, { newerThan: new Date(now.getTime() - options.maxAge) });
      if (cached) return markCached(cached.document, cached.scrapedAt);
    }

    const remainingMs = job.deadlineAt - now.getTime();
    if (remainingMs <= 0) throw new DomainError(ErrorCode.ScrapeTimeout, 'Scrape timed out before it could start');
    const response = await this.engine.fetch({
      url: job.url,
      headers: options.headers,
      timeoutMs: Math.min(options.timeout, remainingMs),
      skipTlsVerification: options.skipTlsVerification,
      maxBodyBytes: this.settings.maxResponseBytes,
      allowPrivateTargets: this.settings.allowPrivateTargets,
      userAgent: this.settings.userAgent,
    });
    const document = await buildDocument(job.url, response, options, this.convert);
    document.metadata.cacheState = 'miss';

    const storable =
      options.storeInCache && !options.zeroDataRetention && Object.keys(options.headers).length === 0;
    if (storable && response.statusCode < 400) await this.cache.store(cacheKey, job.url, document, now);
    return document;
  }
}

function markCached(document: ScrapeDocument, scrapedAt: Date): ScrapeDocument {
  return { ...document, metadata: { ...document.metadata, cacheState: 'hit', cachedAt: scrapedAt.toISOString() } };
}
