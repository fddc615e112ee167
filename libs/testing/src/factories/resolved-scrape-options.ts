import type { ResolvedScrapeOptions } from '@wh/contracts';

/** Scrape options as the gateway resolves them with every default, changed by `overrides`. */
export function resolvedScrapeOptions(overrides: Partial<ResolvedScrapeOptions> = {}): ResolvedScrapeOptions {
  return {
    formats: ['markdown'],
    onlyMainContent: true,
    includeTags: [],
    excludeTags: [],
    maxAge: 172_800_000,
    headers: {},
    skipTlsVerification: true,
    timeout: 30_000,
    removeBase64Images: true,
    storeInCache: true,
    zeroDataRetention: false,
    ...overrides,
  };
}
