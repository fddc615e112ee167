import type { ResolvedScrapeOptions, ScrapeDocument } from '@wh/contracts';

/** Whether a freshly scraped document may go into the shared page cache: the one place this is decided. */
export function mayStoreInCache(options: ResolvedScrapeOptions, document: ScrapeDocument): boolean {
  return (
    options.storeInCache &&
    !options.zeroDataRetention &&
    // Pages fetched with the caller's own headers (cookies, tokens) or after its actions are the caller's alone.
    Object.keys(options.headers).length === 0 &&
    (options.actions?.length ?? 0) === 0 &&
    // Stored screenshots and PDFs expire; a cached document must not outlive them.
    document.screenshot === undefined &&
    document.actions === undefined &&
    document.metadata.cacheState === 'miss' &&
    document.metadata.statusCode < 400
  );
}
