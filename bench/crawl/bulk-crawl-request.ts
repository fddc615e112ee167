/**
 * The body of the crawl both bench:crawl and bench:metrics-overhead send: the site's bulk pages, every page fetched
 * fresh and nothing cached, so each crawl of a run does the same work.
 */
export function bulkCrawlRequest(origin: string, pages: number): Record<string, unknown> {
  return {
    url: `${origin}/bulk/0`,
    crawlEntireDomain: true,
    includePaths: ['^/bulk/'],
    sitemap: 'skip',
    limit: pages,
    scrapeOptions: { maxAge: 0, storeInCache: false },
  };
}
