/**
 * The rules that decide from a link alone whether a crawl follows it (spec 4.5): its start URL, whether the whole
 * domain, subdomains and other sites count, and include/exclude patterns on the path (or the full URL).
 */
export interface LinkScopeRules {
  startUrl: string;
  crawlEntireDomain: boolean;
  allowSubdomains: boolean;
  allowExternalLinks: boolean;
  includePaths: string[];
  excludePaths: string[];
  regexOnFullURL: boolean;
}

// Files that never become markdown: a crawl does not fetch them.
const NON_PAGE_EXTENSIONS =
  /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|css|js|mjs|map|json|woff2?|ttf|otf|eot|zip|gz|tgz|bz2|xz|7z|rar|tar|mp3|mp4|m4a|wav|ogg|webm|mov|avi|mkv|exe|dmg|iso|apk|bin)$/i;

/** A host name without a leading `www.`, lower-cased: `www.site.test` and `site.test` are one site. */
function siteHost(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * The links of a page a crawl may follow, read in the worker that found them so that only those travel to the
 * crawl-scheduler. The same rules as the scheduler's `CrawlScope` (apps/crawl-scheduler/src/frontier/crawl-scope.ts),
 * which stays the authority: it applies them again with the discovery depth, robots.txt and the limit. Where the two
 * could ever disagree, this one must keep a link, never drop it, so it checks nothing the scheduler does not.
 */
export class LinkScope {
  private readonly startSite: string;
  private readonly startHost: string;
  private readonly startPath: string;
  private readonly includes: RegExp[];
  private readonly excludes: RegExp[];

  constructor(private readonly rules: LinkScopeRules) {
    const start = new URL(rules.startUrl);
    this.startSite = siteHost(start);
    this.startHost = start.host.toLowerCase();
    this.startPath = start.pathname.replace(/\/+$/, '');
    this.includes = rules.includePaths.map((pattern) => new RegExp(pattern));
    this.excludes = rules.excludePaths.map((pattern) => new RegExp(pattern));
  }

  admits(url: URL): boolean {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    const site = siteHost(url);
    const sameSite = site === this.startSite;
    if (!sameSite && !this.rules.allowExternalLinks) {
      if (!this.rules.allowSubdomains || !site.endsWith(`.${this.startSite}`)) return false;
    }
    if (NON_PAGE_EXTENSIONS.test(url.pathname)) return false;
    if (sameSite && !this.rules.crawlEntireDomain && !this.isUnderStartPath(url)) return false;
    const subject = this.rules.regexOnFullURL ? url.href : url.pathname;
    if (this.excludes.some((pattern) => pattern.test(subject))) return false;
    return this.includes.length === 0 || this.includes.some((pattern) => pattern.test(subject));
  }

  private isUnderStartPath(url: URL): boolean {
    if (this.startPath === '') return true;
    // www and scheme variants of the start host count as the start host.
    if (siteHost(url) !== this.startSite && url.host.toLowerCase() !== this.startHost) return false;
    const path = url.pathname.replace(/\/+$/, '');
    return path === this.startPath || path.startsWith(`${this.startPath}/`);
  }
}
