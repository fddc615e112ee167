import { documentBaseUrl, resolveUrl } from '../scan/base-url';
import { type HtmlVisitor, scanHtml, type TagAttributes } from '../scan/html-scan';

/**
 * Page metadata named as Firecrawl v2 names it: a few well-known fields in camelCase, plus every
 * `<meta name|property|itemprop>` under its own name (`og:title`, `twitter:card`, `article:published_time`, ...),
 * as an array when the page repeats it.
 */
export interface PageMetadataFields {
  title?: string;
  description?: string;
  language?: string;
  keywords?: string;
  robots?: string;
  favicon?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogUrl?: string;
  ogImage?: string;
  ogAudio?: string;
  ogDeterminer?: string;
  ogLocale?: string;
  ogLocaleAlternate: string[];
  ogSiteName?: string;
  ogVideo?: string;
  dcTermsCreated?: string;
  dcDateCreated?: string;
  dcDate?: string;
  dcTermsType?: string;
  dcType?: string;
  dcTermsAudience?: string;
  dcTermsSubject?: string;
  dcSubject?: string;
  dcDescription?: string;
  dcTermsKeywords?: string;
  modifiedTime?: string;
  publishedTime?: string;
  articleTag?: string;
  articleSection?: string;
  [key: string]: string | string[] | undefined;
}

// Meta names (compared lower-cased: sites write DC.date as often as dc.date) behind the camelCase fields.
const NAMED_META = {
  description: 'description',
  keywords: 'keywords',
  robots: 'robots',
  'og:title': 'ogTitle',
  'og:description': 'ogDescription',
  'og:url': 'ogUrl',
  'og:image': 'ogImage',
  'og:audio': 'ogAudio',
  'og:determiner': 'ogDeterminer',
  'og:locale': 'ogLocale',
  'og:site_name': 'ogSiteName',
  'og:video': 'ogVideo',
  'dcterms.created': 'dcTermsCreated',
  'dc.date.created': 'dcDateCreated',
  'dc.date': 'dcDate',
  'dcterms.type': 'dcTermsType',
  'dc.type': 'dcType',
  'dcterms.audience': 'dcTermsAudience',
  'dcterms.subject': 'dcTermsSubject',
  'dc.subject': 'dcSubject',
  'dc.description': 'dcDescription',
  'dcterms.keywords': 'dcTermsKeywords',
  'article:modified_time': 'modifiedTime',
  'article:published_time': 'publishedTime',
  'article:tag': 'articleTag',
  'article:section': 'articleSection',
} as const satisfies Record<string, keyof PageMetadataFields>;
type NamedField = (typeof NAMED_META)[keyof typeof NAMED_META];

// Meta names whose repeats Firecrawl joins into one string instead of an array.
const JOINED_META = new Set(['description', 'keywords', 'robots']);
// Fields taken from the document itself; a <meta name="title"> must not replace the real <title>.
const DOCUMENT_FIELDS = new Set(['title', 'language', 'favicon', 'ogLocaleAlternate']);

function isNamedMeta(key: string): key is keyof typeof NAMED_META {
  return Object.hasOwn(NAMED_META, key);
}

/** Streaming visitor that reads page metadata from `<title>`, `<html lang>`, icon links and every `<meta>`. */
export class MetadataCollector implements HtmlVisitor {
  private title: string | undefined;
  private titleText: string[] | undefined;
  private language: string | undefined;
  private exactIcon: string | undefined;
  private anyIcon: string | undefined;
  private svgDepth = 0;
  private readonly named = new Map<NamedField, string>();
  private readonly localeAlternates: string[] = [];
  private readonly custom = new Map<string, string[]>();

  constructor(private readonly baseUrl: string) {}

  openTag(name: string, attributes: TagAttributes): void {
    switch (name) {
      case 'html':
        this.language ??= attributes.lang || undefined;
        break;
      case 'svg':
        this.svgDepth += 1;
        break;
      case 'title':
        // SVG icons carry <title>s of their own.
        if (this.title === undefined && this.svgDepth === 0) this.titleText = [];
        break;
      case 'link':
        this.readIcon(attributes);
        break;
      case 'meta':
        this.readMeta(attributes);
        break;
    }
  }

  text(text: string): void {
    this.titleText?.push(text);
  }

  closeTag(name: string): void {
    if (name === 'svg' && this.svgDepth > 0) this.svgDepth -= 1;
    if (name === 'title' && this.titleText) {
      this.title = this.titleText.join('').replace(/\s+/g, ' ').trim() || undefined;
      this.titleText = undefined;
    }
  }

  result(): PageMetadataFields {
    const icon = this.exactIcon ?? this.anyIcon;
    const metadata: PageMetadataFields = {
      title: this.title,
      language: this.language,
      favicon: icon === undefined ? undefined : resolveUrl(icon, this.baseUrl),
      ogLocaleAlternate: this.localeAlternates,
    };
    for (const [field, value] of this.named) metadata[field] = value;
    for (const [key, values] of this.custom) {
      if (DOCUMENT_FIELDS.has(key)) continue;
      metadata[key] = JOINED_META.has(key.toLowerCase()) ? values.join(', ') : values.length === 1 ? values[0] : values;
    }
    for (const key of Object.keys(metadata)) if (metadata[key] === undefined) delete metadata[key];
    return metadata;
  }

  private readIcon(attributes: TagAttributes): void {
    const rel = attributes.rel?.trim().toLowerCase();
    const href = attributes.href?.trim();
    if (!rel || !href) return;
    if (rel === 'icon') this.exactIcon ??= href;
    else if (rel.includes('icon')) this.anyIcon ??= href;
  }

  private readMeta(attributes: TagAttributes): void {
    const key = attributes.name || attributes.property || attributes.itemprop;
    const content = attributes.content?.trim();
    if (!key || !content) return;
    const values = this.custom.get(key);
    if (values) values.push(content);
    else this.custom.set(key, [content]);
    const lower = key.toLowerCase();
    if (lower === 'og:locale:alternate') this.localeAlternates.push(content);
    else if (isNamedMeta(lower)) {
      const field = NAMED_META[lower];
      const previous = this.named.get(field);
      if (previous === undefined) this.named.set(field, content);
      else if (JOINED_META.has(lower)) this.named.set(field, `${previous}, ${content}`);
    }
  }
}

/** Metadata of a whole page (see {@link MetadataCollector}), read without building a DOM. */
export function extractMetadata(html: string, pageUrl: string): PageMetadataFields {
  const collector = new MetadataCollector(documentBaseUrl(html, pageUrl));
  scanHtml(html, [collector]);
  return collector.result();
}
