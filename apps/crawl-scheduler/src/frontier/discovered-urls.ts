import type { CrawlScope } from './crawl-scope';
import { crawlUrlKey, parseCrawlableUrl } from './url-key';

/** A kept page: the URL that is fetched for it, and its origin (whose robots.txt applies). */
export interface DiscoveredUrl {
  href: string;
  origin: string;
}

/**
 * Candidate URLs as a crawl admits them, in the order they were offered: unparseable and out-of-scope URLs are
 * dropped and variants of one page collapse to the first one seen (see {@link crawlUrlKey}). At most `capacity`
 * pages are kept, so a huge sitemap costs no more memory than the answer it feeds. Pages are kept as strings, not
 * `URL` objects, and origins are shared, since a map of a large site holds a hundred thousand of them.
 */
export class DiscoveredUrls {
  private readonly byKey = new Map<string, DiscoveredUrl>();
  private readonly origins = new Map<string, string>();

  constructor(
    private readonly scope: CrawlScope,
    readonly ignoreQueryParameters: boolean,
    private readonly capacity = Number.POSITIVE_INFINITY,
  ) {}

  /** Takes a candidate (absolute, or relative to `base`) found at `depth`; false once no more fit. */
  offer(candidate: string, depth: number, base?: string): boolean {
    if (this.isFull()) return false;
    const url = parseCrawlableUrl(candidate, base);
    if (url && this.scope.admits(url, depth)) {
      const key = crawlUrlKey(url, this.ignoreQueryParameters);
      if (!this.byKey.has(key)) this.byKey.set(key, this.keep(url));
    }
    return !this.isFull();
  }

  /** The key a URL would have here, for matching details (titles) found elsewhere to the kept pages. */
  keyOf(url: URL): string {
    return crawlUrlKey(url, this.ignoreQueryParameters);
  }

  isFull(): boolean {
    return this.byKey.size >= this.capacity;
  }

  entries(): IterableIterator<[string, DiscoveredUrl]> {
    return this.byKey.entries();
  }

  private keep(url: URL): DiscoveredUrl {
    // The fetched URL has no query when the crawl ignores queries.
    if (this.ignoreQueryParameters && url.search) url.search = '';
    const origin = url.origin;
    let shared = this.origins.get(origin);
    if (shared === undefined) {
      shared = origin;
      this.origins.set(origin, origin);
    }
    return { href: url.href, origin: shared };
  }
}
