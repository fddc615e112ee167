import { documentBaseUrl, resolveUrl } from '../scan/base-url';
import { type HtmlVisitor, scanHtml, type TagAttributes } from '../scan/html-scan';
import { srcsetUrls } from '../scan/srcset';

const META_IMAGE_KEYS = new Set([
  'og:image',
  'og:image:url',
  'og:image:secure_url',
  'twitter:image',
  'twitter:image:src',
  'image',
]);
const BACKGROUND_IMAGE = /background-image\s*:\s*url\(\s*(['"]?)(.*?)\1\s*\)/gi;

function isImageMeta(attributes: TagAttributes): boolean {
  return [attributes.property, attributes.name, attributes.itemprop].some(
    (key) => key !== undefined && META_IMAGE_KEYS.has(key.toLowerCase()),
  );
}

/**
 * Collects image URLs the way Firecrawl's `images` format does: `<img>` src, data-src and srcset, `<source srcset>`,
 * og/twitter/itemprop image metadata, icon links, inline background images and video posters. Absolute and
 * de-duplicated; data: and blob: URLs are kept as they are.
 */
export class ImageCollector implements HtmlVisitor {
  private readonly images = new Set<string>();

  constructor(private readonly baseUrl: string) {}

  openTag(name: string, attributes: TagAttributes): void {
    switch (name) {
      case 'img':
        this.add(attributes.src);
        this.add(attributes['data-src']);
        this.addSrcset(attributes.srcset);
        break;
      case 'source':
        this.addSrcset(attributes.srcset);
        break;
      case 'meta':
        if (isImageMeta(attributes)) this.add(attributes.content);
        break;
      case 'link': {
        const rel = attributes.rel?.toLowerCase() ?? '';
        if (rel.includes('icon') || rel.includes('image_src')) this.add(attributes.href);
        break;
      }
      case 'video':
        this.add(attributes.poster);
        break;
    }
    if (attributes.style?.includes('background-image')) {
      for (const match of attributes.style.matchAll(BACKGROUND_IMAGE)) this.add(match[2]);
    }
  }

  result(): string[] {
    return [...this.images];
  }

  private addSrcset(srcset: string | undefined): void {
    if (srcset) for (const url of srcsetUrls(srcset)) this.add(url);
  }

  private add(reference: string | undefined): void {
    const trimmed = reference?.trim();
    if (!trimmed || /^javascript:/i.test(trimmed)) return;
    const url = /^(data|blob):/i.test(trimmed) ? trimmed : resolveUrl(trimmed, this.baseUrl);
    if (url) this.images.add(url);
  }
}

/** The images of a whole page (see {@link ImageCollector}), found without building a DOM. */
export function extractImages(html: string, pageUrl: string): string[] {
  const collector = new ImageCollector(documentBaseUrl(html, pageUrl));
  scanHtml(html, [collector]);
  return collector.result();
}
