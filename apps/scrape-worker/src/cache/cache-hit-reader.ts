import type { ResolvedScrapeOptions, ScrapeJobCommand } from '@wh/contracts';
import { scrapeCacheKey } from './cache-key';
import type { CacheWindow, ScrapeCacheRepository } from './scrape-cache.repository';

/**
 * The ages of cached page a job accepts, or undefined when it must not be answered from the cache: with `minAge`
 * only a page at least that old, otherwise one at most `maxAge` old (none when `maxAge` is 0).
 */
export function cacheWindow(options: ResolvedScrapeOptions, now: Date): CacheWindow | undefined {
  if (options.minAge !== undefined) return { olderThan: new Date(now.getTime() - options.minAge) };
  if (options.maxAge <= 0) return undefined;
  return { newerThan: new Date(now.getTime() - options.maxAge) };
}

/**
 * Whether a cached page answers the job as stored: someone waits for it (the text goes to them unparsed), and
 * nothing is computed from the page on top of it (extraction, change tracking, links for a crawl's discovery).
 */
export function answeredAsStored(job: ScrapeJobCommand): boolean {
  return (
    job.resultRoute !== undefined &&
    !job.discoverLinks &&
    job.options.extraction === undefined &&
    job.options.changeTracking === undefined
  );
}

/**
 * Cache hits for jobs answered with the page as stored, in the JSON text Postgres prints, so the worker neither parses
 * the document nor serialises it again for the result. Every other job reads the cache through the page scraper.
 */
export class CacheHitReader {
  constructor(private readonly cache: Pick<ScrapeCacheRepository, 'findHitJson'>) {}

  /** The cached document as JSON text, or undefined (not such a job, or no page in its window). */
  async findJson(job: ScrapeJobCommand, now: Date): Promise<string | undefined> {
    if (!answeredAsStored(job)) return undefined;
    const window = cacheWindow(job.options, now);
    return window && this.cache.findHitJson(scrapeCacheKey(job.url, job.options), window);
  }
}
