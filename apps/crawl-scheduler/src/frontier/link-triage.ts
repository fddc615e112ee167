import type { ResolvedCrawlOptions } from '@wh/contracts';
import type { NewPage } from '../database/crawl-jobs.repository';
import type { CrawlScope } from './crawl-scope';
import type { RobotsCache } from './robots-cache';
import { crawlUrlKey, fetchableUrl, parseCrawlableUrl } from './url-key';

/**
 * Turns candidate URLs (a page's links, a sitemap's entries) into frontier entries: unparseable and out-of-scope
 * URLs are dropped, variants of one page collapse to one key, and URLs robots.txt disallows are kept as `blocked`
 * (the errors endpoint lists them) instead of being queued.
 */
export async function triageLinks(
  jobId: string,
  candidates: readonly string[],
  depth: number,
  scope: CrawlScope,
  options: ResolvedCrawlOptions,
  robots: RobotsCache,
): Promise<NewPage[]> {
  const byKey = new Map<string, URL>();
  for (const candidate of candidates) {
    const url = parseCrawlableUrl(candidate);
    if (!url || !scope.admits(url, depth)) continue;
    const key = crawlUrlKey(url, options.ignoreQueryParameters);
    if (!byKey.has(key)) byKey.set(key, url);
  }
  const pages: NewPage[] = [];
  for (const [urlKey, url] of byKey) {
    const rules = await robots.rulesFor(jobId, url);
    const href = fetchableUrl(url, options.ignoreQueryParameters);
    pages.push(
      rules.allows(href)
        ? { urlKey, url: href, depth }
        : { urlKey, url: href, depth, state: 'blocked', error: 'Blocked by robots.txt' },
    );
  }
  return pages;
}

/** Keeps blocked entries and at most `room` queueable ones, in order. */
export function withinLimit(pages: readonly NewPage[], room: number): NewPage[] {
  let left = Math.max(0, room);
  return pages.filter((page) => {
    if (page.state === 'blocked') return true;
    if (left === 0) return false;
    left -= 1;
    return true;
  });
}
