import type { ResolvedCrawlOptions } from '@wh/contracts';
import { siteHost } from './url-key';

// Files that never become markdown; fetching them would only waste the crawl's limit.
const NON_PAGE_EXTENSIONS =
  /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|css|js|mjs|map|json|woff2?|ttf|otf|eot|zip|gz|tgz|bz2|xz|7z|rar|tar|mp3|mp4|m4a|wav|ogg|webm|mov|avi|mkv|exe|dmg|iso|apk|bin)$/i;

export type ScopeVerdict =
  | 'in-scope'
  | 'external'
  | 'subdomain'
  | 'outside-start-path'
  | 'excluded'
  | 'not-included'
  | 'too-deep'
  | 'not-a-page';

/** The options of a crawl that decide its scope; a map states its own (the whole site, subdomains or not). */
export type ScopeRules = Pick<
  ResolvedCrawlOptions,
  | 'allowSubdomains'
  | 'allowExternalLinks'
  | 'crawlEntireDomain'
  | 'includePaths'
  | 'excludePaths'
  | 'regexOnFullURL'
  | 'maxDiscoveryDepth'
>;

/** The gateway has refused patterns that do not compile, so a failure here is a bug, not bad input. */
function compilePatterns(patterns: readonly string[]): RegExp[] {
  return patterns.map((pattern) => new RegExp(pattern));
}

/**
 * Decides which discovered URLs belong to a crawl, by the options of spec 4.5: domain (subdomains and external
 * sites only when allowed), the start path unless the whole domain is crawled, include/exclude patterns on the
 * path (or the full URL), and the discovery depth.
 */
export class CrawlScope {
  private readonly startSite: string;
  private readonly startHost: string;
  private readonly startPath: string;
  private readonly includes: RegExp[];
  private readonly excludes: RegExp[];

  constructor(
    start: URL,
    private readonly options: ScopeRules,
  ) {
    this.startSite = siteHost(start);
    this.startHost = start.host.toLowerCase();
    this.startPath = start.pathname.replace(/\/+$/, '');
    this.includes = compilePatterns(options.includePaths);
    this.excludes = compilePatterns(options.excludePaths);
  }

  verdict(url: URL, depth: number): ScopeVerdict {
    const site = siteHost(url);
    const sameSite = site === this.startSite;
    if (!sameSite) {
      const isSubdomain = site.endsWith(`.${this.startSite}`);
      if (isSubdomain && !this.options.allowSubdomains && !this.options.allowExternalLinks) return 'subdomain';
      if (!isSubdomain && !this.options.allowExternalLinks) return 'external';
    }
    if (NON_PAGE_EXTENSIONS.test(url.pathname)) return 'not-a-page';
    if (sameSite && !this.options.crawlEntireDomain && !this.isUnderStartPath(url)) return 'outside-start-path';
    const subject = this.options.regexOnFullURL ? url.href : url.pathname;
    if (this.excludes.some((pattern) => pattern.test(subject))) return 'excluded';
    if (this.includes.length > 0 && !this.includes.some((pattern) => pattern.test(subject))) return 'not-included';
    if (this.options.maxDiscoveryDepth !== undefined && depth > this.options.maxDiscoveryDepth) return 'too-deep';
    return 'in-scope';
  }

  /** Whether the depth a URL was found at can change its verdict. */
  get limitsDepth(): boolean {
    return this.options.maxDiscoveryDepth !== undefined;
  }

  admits(url: URL, depth: number): boolean {
    return this.verdict(url, depth) === 'in-scope';
  }

  private isUnderStartPath(url: URL): boolean {
    if (this.startPath === '') return true;
    // www and scheme variants of the start host count as the start host.
    if (siteHost(url) !== this.startSite && url.host.toLowerCase() !== this.startHost) return false;
    const path = url.pathname.replace(/\/+$/, '');
    return path === this.startPath || path.startsWith(`${this.startPath}/`);
  }
}
