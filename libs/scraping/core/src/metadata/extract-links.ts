import { documentBaseUrl } from '../scan/base-url';
import { type HtmlVisitor, scanHtml, type TagAttributes } from '../scan/html-scan';
import type { LinkScope } from './link-scope';

/**
 * Collects the targets of `<a href>` in document order: absolute, without duplicates, without in-page `#fragment`
 * and `javascript:` links. Other schemes (mailto:, tel:) stay, as Firecrawl returns them. Given a crawl's scope, it
 * also keeps apart the links the crawl may follow, without their fragment, each once.
 */
export class LinkCollector implements HtmlVisitor {
  private readonly links = new Set<string>();
  private readonly followed = new Set<string>();

  constructor(
    private readonly baseUrl: string,
    private readonly scope?: LinkScope,
  ) {}

  openTag(name: string, attributes: TagAttributes): void {
    if (name !== 'a' || attributes.href === undefined) return;
    const href = attributes.href.trim();
    if (!href || href.startsWith('#') || /^javascript:/i.test(href)) return;
    let url: URL;
    try {
      url = new URL(href, this.baseUrl);
    } catch {
      return;
    }
    this.links.add(url.href);
    if (!this.scope) return;
    // A crawl reads (a full-URL pattern included) and fetches a link without its fragment.
    if (url.hash) url.hash = '';
    if (this.scope.admits(url)) this.followed.add(url.href);
  }

  result(): string[] {
    return [...this.links];
  }

  /** The links within the scope the collector was given (none without one). */
  inScope(): string[] {
    return [...this.followed];
  }
}

/** The links of a whole page (see {@link LinkCollector}), found without building a DOM. */
export function extractLinks(html: string, pageUrl: string): string[] {
  const collector = new LinkCollector(documentBaseUrl(html, pageUrl));
  scanHtml(html, [collector]);
  return collector.result();
}
