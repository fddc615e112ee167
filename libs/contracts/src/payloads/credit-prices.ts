import type { ResolvedScrapeOptions } from './scrape-job';

/** Credits of a page that needed the enhanced proxy (spec 2.2: "up to 5"). */
export const ENHANCED_PROXY_CREDITS = 5;

/** What the `json` format adds to a page, as Firecrawl charges it (a json page costs 5 credits in all). */
export const JSON_FORMAT_EXTRA_CREDITS = 4;

/** What change tracking's json mode adds, as Firecrawl charges it (5 credits a page in all); git-diff is free. */
export const CHANGE_TRACKING_JSON_EXTRA_CREDITS = 4;

/**
 * The least one page scraped with these options costs, as known before it is scraped: what a crawl or batch reserves
 * per page. A PDF's pages or `auto` proxy's retry through the enhanced pool can only add to it.
 */
export function leastPageCredits(
  options: Pick<ResolvedScrapeOptions, 'proxy' | 'extraction' | 'changeTracking'>,
): number {
  const page = options.proxy === 'enhanced' ? ENHANCED_PROXY_CREDITS : 1;
  return (
    page +
    (options.extraction?.json ? JSON_FORMAT_EXTRA_CREDITS : 0) +
    (options.changeTracking?.modes.includes('json') ? CHANGE_TRACKING_JSON_EXTRA_CREDITS : 0)
  );
}
