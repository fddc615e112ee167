import type { PageMetadataFields } from '../metadata/extract-metadata';
import type { LinkScopeRules } from '../metadata/link-scope';

/** An output format computed from a page's HTML. */
export type HtmlFormat = 'markdown' | 'html' | 'rawHtml' | 'links' | 'images';

/** One page to convert and what to make of it. */
export interface ConvertRequest {
  /** Decoded page HTML. */
  html: string;
  /** Final URL of the page, the base for absolute links. */
  url: string;
  /** Only these outputs are computed. */
  formats: HtmlFormat[];
  /**
   * Only the main content (Readability's article or the text-dense region, whichever reads the page better) instead
   * of the whole page with its header, navigation and footer.
   */
  onlyMainContent: boolean;
  /** CSS selectors or tag names: keep only what they match. */
  includeTags: string[];
  /** CSS selectors or tag names: drop what they match. */
  excludeTags: string[];
  /** Markdown only: data: images become `![alt](<Base64-Image-Removed>)`. */
  removeBase64Images: boolean;
  /** A crawl's scope: the links it may follow come back in `linksInScope`, whatever the formats. */
  linkScope?: LinkScopeRules;
}

/** The requested outputs of one page, what its document is made of; metadata always comes back. */
export interface ConvertedOutputs {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  metadata: PageMetadataFields;
}

/**
 * What the conversion read about the fetched page besides its outputs, read during the same pass so the caller needs
 * no parse of its own. For whoever fetched the page, never part of a document.
 */
export interface PageFacts {
  /** Whether the page runs scripts and has next to no visible text: an app shell that a browser would fill in. */
  unrendered: boolean;
  /** With a `linkScope`: the links within it, without fragments, each once, in document order. */
  linksInScope?: string[];
}

/** One page converted: its outputs, and the facts about the page kept apart from them. */
export interface ConvertResult {
  outputs: ConvertedOutputs;
  page: PageFacts;
}
