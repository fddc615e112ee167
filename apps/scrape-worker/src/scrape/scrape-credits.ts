import {
  CHANGE_TRACKING_JSON_EXTRA_CREDITS,
  ENHANCED_PROXY_CREDITS,
  JSON_FORMAT_EXTRA_CREDITS,
  type ProxyMode,
} from '@wh/contracts';

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
  /** LLM tokens the page's model calls took (recorded with the charge; credits do not follow them). */
  llmTokens?: number;
}

/**
 * Credits of one scrape (spec 8): 1 per page; a parsed PDF 1 per page (a raw PDF 1 flat); a page that needed the
 * enhanced proxy, directly or as auto's retry, 5; the `json` format 4 more, with or without an LLM (the answer
 * is delivered either way). `summary` and `branding` cost nothing extra: Firecrawl's price list names no charge for
 * either. Change tracking's json mode costs 4 more, like the json format, whether or not there was a previous
 * version to compare.
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
