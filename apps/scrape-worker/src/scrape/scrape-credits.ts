import type { ProxyMode } from '@wh/contracts';

/** What a finished scrape did, as far as billing is concerned. */
export interface ScrapeUsage {
  /** PDF pages parsed into text; absent for other pages. */
  pdfPagesParsed?: number;
  /** Proxy the successful attempt used. */
  proxyUsed: Exclude<ProxyMode, 'auto'>;
}

/** Credits enhanced-proxy pages cost (spec 2.2: "up to 5"). */
export const ENHANCED_PROXY_CREDITS = 5;

/**
 * Credits of one scrape (spec 8): 1 per page; a parsed PDF 1 per page (a raw PDF 1 flat); a page that needed the
 * enhanced proxy, directly or as auto's retry, 5.
 */
export function scrapeCredits(usage: ScrapeUsage): number {
  const base = usage.pdfPagesParsed !== undefined ? Math.max(1, usage.pdfPagesParsed) : 1;
  return usage.proxyUsed === 'enhanced' ? Math.max(base, ENHANCED_PROXY_CREDITS) : base;
}
