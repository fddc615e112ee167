import type { ProxyMode } from '@wh/contracts';

/** What a finished scrape did, as far as billing is concerned. */
export interface ScrapeUsage {
  /** PDF pages parsed into text; absent for other pages. */
  pdfPagesParsed?: number;
  /** Proxy the successful attempt used. */
  proxyUsed: Exclude<ProxyMode, 'auto'>;
  /** The page was read into the caller's schema or prompt (the `json` format). */
  jsonExtracted?: boolean;
  /** The `changeTracking` format was asked with its `json` mode. */
  changeTrackingJson?: boolean;
}

/** Credits enhanced-proxy pages cost (spec 2.2: "up to 5"). */
export const ENHANCED_PROXY_CREDITS = 5;

/** What the `json` format adds to a page, as Firecrawl charges it (a json page costs 5 credits in all). */
export const JSON_FORMAT_EXTRA_CREDITS = 4;

/** What change tracking's json mode adds, as Firecrawl charges it (5 credits a page in all); git-diff is free. */
export const CHANGE_TRACKING_JSON_EXTRA_CREDITS = 4;

/**
 * Credits of one scrape (spec 8): 1 per page; a parsed PDF 1 per page (a raw PDF 1 flat); a page that needed the
 * enhanced proxy, directly or as auto's retry, 5; the `json` format 4 more, with or without an LLM (the answer
 * is delivered either way). `summary` costs nothing extra: Firecrawl does not list a charge for it. Change tracking's
 * json mode costs 4 more, like the json format, whether or not there was a previous version to compare.
 */
export function scrapeCredits(usage: ScrapeUsage): number {
  const base = usage.pdfPagesParsed !== undefined ? Math.max(1, usage.pdfPagesParsed) : 1;
  const page = usage.proxyUsed === 'enhanced' ? Math.max(base, ENHANCED_PROXY_CREDITS) : base;
  return (
    page +
    (usage.jsonExtracted ? JSON_FORMAT_EXTRA_CREDITS : 0) +
    (usage.changeTrackingJson ? CHANGE_TRACKING_JSON_EXTRA_CREDITS : 0)
  );
}
