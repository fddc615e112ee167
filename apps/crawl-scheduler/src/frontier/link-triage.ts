import type { NewPage } from '../database/crawl-jobs.repository';
import type { DiscoveredUrls } from './discovered-urls';
import type { RobotsRules } from './robots-rules';

/** The robots.txt rules that apply to the pages of an origin (given as a URL of it). */
export type RobotsLookup = (url: URL) => Promise<RobotsRules>;

/**
 * Turns discovered URLs (a page's links, a sitemap's entries, already in scope and de-duplicated) into frontier
 * entries: URLs robots.txt disallows are kept as `blocked`
 * (the errors endpoint lists them; a map leaves them out) instead of being queued.
 */
export async function triageLinks(
  discovered: DiscoveredUrls,
  depth: number,
  robotsFor: RobotsLookup,
): Promise<NewPage[]> {
  const pages: NewPage[] = [];
  // One URL per origin to look its rules up with, rather than one per page.
  const originUrls = new Map<string, URL>();
  for (const [urlKey, { href, origin }] of discovered.entries()) {
    let originUrl = originUrls.get(origin);
    if (!originUrl) {
      originUrl = new URL(origin);
      originUrls.set(origin, originUrl);
    }
    const rules = await robotsFor(originUrl);
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
