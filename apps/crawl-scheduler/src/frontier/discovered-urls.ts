import type { CrawlScope } from './crawl-scope';
import { crawlUrlKey, parseCrawlableUrl } from './url-key';

/**
 * Candidate URLs as a crawl admits them, in the order they were offered: unparseable and out-of-scope URLs are
 * dropped and variants of one page collapse to the first one seen (see {@link crawlUrlKey}). At most `capacity`
 * pages are kept, so a huge sitemap costs no more memory than the answer it feeds.
 */
export class DiscoveredUrls {
  private readonly byKey = new Map<string, URL>();

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
      if (!this.byKey.has(key)) this.byKey.set(key, url);
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

  entries(): IterableIterator<[string, URL]> {
    return this.byKey.entries();
  }
}
