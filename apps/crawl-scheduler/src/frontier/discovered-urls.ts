import type { CrawlScope } from './crawl-scope';
import type { JobLinkReadings, LinkReading } from './link-readings';
import { crawlUrlKey, parseCrawlableUrl } from './url-key';

// An absolute http(s) link reads the same whatever page it was found on.
const ABSOLUTE_HTTP = /^https?:\/\//i;

/** A kept page: the URL that is fetched for it, and its origin (whose robots.txt applies). */
export interface DiscoveredUrl {
  href: string;
  origin: string;
}

/**
 * Candidate URLs as a crawl admits them, in the order they were offered: unparseable and out-of-scope URLs are
 * dropped and variants of one page collapse to the first one seen (see {@link crawlUrlKey}). At most `capacity`
 * pages are kept, so a huge sitemap costs no more memory than the answer it feeds. Pages are kept as strings, not
 * `URL` objects, and origins are shared, since a map of a large site holds a hundred thousand of them. With
 * `readings`, absolute links are read once per crawl rather than once per page that has them.
 */
export class DiscoveredUrls {
  private readonly byKey = new Map<string, DiscoveredUrl>();
  private readonly origins = new Map<string, string>();

  constructor(
    private readonly scope: CrawlScope,
    readonly ignoreQueryParameters: boolean,
    private readonly capacity = Number.POSITIVE_INFINITY,
    private readonly readings?: JobLinkReadings,
  ) {}

  /** Takes a candidate (absolute, or relative to `base`) found at `depth`; false once no more fit. */
  offer(candidate: string, depth: number, base?: string): boolean {
    if (this.isFull()) return false;
    const reading = this.read(candidate, depth, base);
    if (reading && !this.byKey.has(reading.key)) this.byKey.set(reading.key, reading.url);
    return !this.isFull();
  }

  private read(candidate: string, depth: number, base: string | undefined): LinkReading {
    // The depth changes a reading only when the crawl has a maximum discovery depth.
    const reusable = this.readings && !this.scope.limitsDepth && ABSOLUTE_HTTP.test(candidate);
    const known = reusable ? this.readings?.get(candidate) : undefined;
    if (known !== undefined) return known;
    const url = parseCrawlableUrl(candidate, base);
    const reading =
      url && this.scope.admits(url, depth)
        ? { key: crawlUrlKey(url, this.ignoreQueryParameters), url: this.keep(url) }
        : null;
    if (reusable) this.readings?.remember(candidate, reading);
    return reading;
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
