import type { ConvertRequest } from '@wh/scraping/core';

/**
 * The conversion the bench scores and times, as /v2/scrape runs it by default: markdown of the main content, base64
 * images left out. The CPU comparison (`--against`) times the same request, so both read one definition.
 */
export function scoredConversion(html: string, url: string): ConvertRequest {
  return {
    html,
    url,
    formats: ['markdown'],
    onlyMainContent: true,
    includeTags: [],
    excludeTags: [],
    removeBase64Images: true,
  };
}
