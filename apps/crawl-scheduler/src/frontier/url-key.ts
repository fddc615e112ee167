const INDEX_PAGE = /\/index\.(html?|php|aspx?)$/i;

/** Parses an absolute http(s) URL, or one relative to `base`; anything else is not crawlable. */
export function parseCrawlableUrl(raw: string, base?: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Setting a URL's part re-serialises it; only a candidate with a fragment needs it (a base's is never kept).
  if (raw.includes('#')) url.hash = '';
  return url;
}

/** A host name without a leading `www.`, lower-cased: `www.site.test` and `site.test` are one site. */
export function siteHost(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * The identity of a page within a crawl. Variants that serve the same page map to one key: scheme, `www.`,
 * default ports, fragments, a trailing slash, `index.html`, the order of query parameters (or the whole query
 * when the crawl ignores it). Two URLs with one key are fetched once.
 */
export function crawlUrlKey(url: URL, ignoreQueryParameters: boolean): string {
  const port = url.port ? `:${url.port}` : '';
  let path = url.pathname.replace(INDEX_PAGE, '/');
  if (path.endsWith('/')) path = path.slice(0, -1);
  let query = '';
  if (!ignoreQueryParameters && url.search) {
    const params = [...url.searchParams.entries()].sort(([a, x], [b, y]) =>
      a === b ? x.localeCompare(y) : a.localeCompare(b),
    );
    query = `?${new URLSearchParams(params).toString()}`;
  }
  return `${siteHost(url)}${port}${path}${query}`;
}
