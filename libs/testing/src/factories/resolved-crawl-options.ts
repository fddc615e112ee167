import type { ResolvedCrawlOptions } from '@wh/contracts';

/** Crawl options as the gateway resolves them with every default, changed by `overrides`. */
export function resolvedCrawlOptions(overrides: Partial<ResolvedCrawlOptions> = {}): ResolvedCrawlOptions {
  return {
    includePaths: [],
    excludePaths: [],
    sitemap: 'include',
    ignoreQueryParameters: false,
    regexOnFullURL: false,
    limit: 10_000,
    crawlEntireDomain: false,
    allowExternalLinks: false,
    allowSubdomains: false,
    ...overrides,
  };
}
