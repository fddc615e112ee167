import { documentBaseUrl, resolveUrl } from '../scan/base-url';
import { type HtmlVisitor, scanHtml, type TagAttributes } from '../scan/html-scan';

/**
 * Collects the targets of `<a href>` in document order: absolute, without duplicates, without in-page `#fragment`
 * and `javascript:` links. Other schemes (mailto:, tel:) stay, as Firecrawl returns them.
 */
export class LinkCollector implements HtmlVisitor {
  private readonly links = new Set<string>();

  constructor(private readonly baseUrl: string) {}

  openTag(name: string, attributes: TagAttributes): void {
    if (name !== 'a' || attributes.href === undefined) return;
    const href = attributes.href.trim();
    if (!href || href.startsWith('#') || /^javascript:/i.test(href)) return;
    const url = resolveUrl(href, this.baseUrl);
    if (url) this.links.add(url);
  }

  result(): string[] {
    return [...this.links];
  }
}

/** The links of a whole page (see {@link LinkCollector}), found without building a DOM. */
export function extractLinks(html: string, pageUrl: string): string[] {
  const collector = new LinkCollector(documentBaseUrl(html, pageUrl));
  scanHtml(html, [collector]);
  return collector.result();
}
