import { createHash } from 'node:crypto';
import type { ResolvedScrapeOptions } from '@wh/contracts';

/**
 * Cache identity of a scrape: the URL and every option that changes the document. Options that only
 * steer fetching (timeout) or caching itself (maxAge, minAge, storeInCache) are left out, and so are the json and
 * summary formats (`extraction`): the cache keeps the page as scraped, before extraction, and every request asks
 * extract-service again with its own schema and prompt (whose answer cache is keyed by them and the page's content).
 */
export function scrapeCacheKey(url: string, options: ResolvedScrapeOptions): string {
  const identity = {
    url,
    formats: [...options.formats].sort(),
    onlyMainContent: options.onlyMainContent,
    includeTags: options.includeTags,
    excludeTags: options.excludeTags,
    removeBase64Images: options.removeBase64Images,
    headers: Object.entries(options.headers).sort(([a], [b]) => a.localeCompare(b)),
    skipTlsVerification: options.skipTlsVerification,
    waitFor: options.waitFor ?? 0,
    mobile: options.mobile ?? false,
    location: options.location ?? null,
    blockAds: options.blockAds ?? false,
    rawPdf: options.rawPdf ?? false,
    // Only when asked, so that the keys of every other scrape stay what they were.
    ...(options.branding ? { branding: true } : {}),
  };
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}
