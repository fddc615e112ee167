import { resolveUrl } from '../scan/base-url';
import { HEADING_TAGS } from '../scan/heading-tags';
import { type HtmlVisitor, scanHtml, type SourceToken, type TagAttributes } from '../scan/html-scan';
import {
  marksComment,
  marksInteractionCount,
  marksQuestionOrAnswer,
  questionAndAnswerMicrodata,
} from '../scan/schema-org';
import { srcsetUrls } from '../scan/srcset';
import { isCallToAction } from './call-to-action';
import { CodeRowsTables } from './code-rows-table';
import { formFieldMark } from './form-fields';
import { mayHoldContent, NamedBlocks } from './named-content-block';
import {
  classForReadability,
  isDisclosureButton,
  isDroppedByReadability,
  isHiddenOrNavigation,
  isNavigationOrAside,
  isUnlikelyByName,
} from './readability-prefilter';
import { isScreenReaderText } from './screen-reader-text';
import { placeholderMark, placeStreamedSegments, segmentMarks, SuspenseBoundaries } from './streamed-segments';

/** How {@link NonContentStripper} cleans a page. */
export interface StripOptions {
  /** Base for href/src/poster, which come out absolute. */
  baseUrl: string;
  /** Also drop what Readability's first pass would drop, so the DOM built for it is smaller. */
  mainContentPrefilter: boolean;
  /**
   * The page is a discussion (main-content/heuristics/discussion-page.ts): with the pre-filter, blocks named as
   * comments or replies are its posts, not boilerplate.
   */
  discussionPage?: boolean;
  /**
   * Without the pre-filter, still drop navigation, menus, dialogs and complementary blocks by their role: the
   * whole-page retry looks past the names and visibility the pre-filter trusted, not past the page's menus.
   */
  dropNavigation?: boolean;
  /**
   * The page declares a product (main-content/heuristics/product-page.ts): its blocks named as headers and banners are
   * the shop's, not sections of the content.
   */
  productPage?: boolean;
  /** Keep every attribute except style and event handlers, because user CSS selectors may refer to any of them. */
  keepAllAttributes: boolean;
}

// Subtrees with nothing to read. Their text (CSS, scripts, JSON, SVG paths) is what makes jsdom slow and, for CSS,
// what makes it throw on a malformed rule.
const DROPPED_SUBTREES = new Set([
  'script',
  'style',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'canvas',
  'title',
  'noframes',
  'meta',
  'link',
  'base',
  'embed',
  'param',
  'source',
  'track',
]);
// What a <video> or <audio> holds besides its sources is its fallback, which browsers show only when they cannot play
// media ("Your browser does not support the video tag."): what a reader sees is the player.
const MEDIA_ELEMENTS = new Set(['video', 'audio']);
// Adobe's Edge Delivery pages carry each section's settings ("Style: text-center") as a table that their scripts read
// and remove before anything is shown.
const SETTINGS_TABLE_CLASS = /(?:^|\s)section-metadata(?:\s|$)/;
// A <noscript> is unwrapped when it holds at least this much text: some sites (Discourse forums among them) put the
// whole page there for clients that run no scripts, which is what a scraper without a browser is. Shorter ones are
// "please enable JavaScript" notices and tracking pixels, and go.
const NOSCRIPT_MIN_TEXT_CHARS = 200;
// Document structure every parser recreates; dropping the tags turns the output into a body fragment.
const DROPPED_TAGS = new Set(['html', 'head', 'body']);
// Attributes that matter to Readability (class, id, role), to markdown and to the cleaned HTML; the rest only cost
// jsdom time and memory. Of the microdata, what tells a question from its answers is kept too (scan/schema-org.ts).
const KEPT_ATTRIBUTES = new Set([
  'href',
  'src',
  'poster',
  'alt',
  'title',
  'class',
  'id',
  'role',
  'lang',
  'dir',
  'colspan',
  'rowspan',
  'headers',
  'scope',
  'start',
  'reversed',
  'type',
  'value',
  'datetime',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster']);
const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original'];
// Lazy loaders park a tiny placeholder (often a 1x1 GIF data URI) in src until the real image scrolls into view.
const PLACEHOLDER_MAX_LENGTH = 200;
// Elements that start and end lines: whitespace-only text next to them renders as nothing, yet source indentation
// turns it into as many text nodes as there are elements, each one costing jsdom, Readability and turndown time.
const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'col',
  'colgroup',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'html',
  'head',
  'body',
]);
const HEADINGS = new Set(HEADING_TAGS);
// Where whitespace is content.
const PREFORMATTED = new Set(['pre', 'textarea', 'listing', 'plaintext']);
/** Blocks that code highlighters put in a <pre> as its lines (CodeMirror's `cm-line`, Prism's `token-line`). */
const PREFORMATTED_LINES = new Set(['div', 'p']);
const WHITESPACE_ONLY = /^[ \t\n\f\r]*$/;
// Names jsdom's createElement / setAttribute accept; anything else is dropped here rather than throwing later.
const VALID_TAG = /^[a-z][a-z0-9-]*$/;
const VALID_ATTRIBUTE = /^[a-z_:][-a-z0-9_:.]*$/;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function imageSource(attributes: TagAttributes): string | undefined {
  const src = attributes.src?.trim();
  if (src && !(src.startsWith('data:') && src.length < PLACEHOLDER_MAX_LENGTH)) return src;
  const lazy = LAZY_SOURCES.map((name) => attributes[name]?.trim()).find(Boolean);
  return lazy ?? (attributes.srcset ? srcsetUrls(attributes.srcset)[0] : undefined) ?? src;
}

/**
 * Streaming visitor that copies a page minus everything that is not content: scripts, styles, SVG, templates,
 * comments, frames, head metadata, event handlers and style attributes. URLs come out absolute. Runs before any DOM
 * exists, so the DOM that follows is built from a fraction of the page.
 */
export class NonContentStripper implements HtmlVisitor {
  private readonly output: string[] = [];
  private readonly openElements: string[] = [];
  // Depth of the element whose subtree is being dropped, -1 when copying.
  private droppedFrom = -1;
  private preformattedDepth = 0;
  // Whether text copied into the open preformatted element since its start or its last line break has not ended a line.
  private preformattedLineOpen = false;
  // Where the output of the <noscript> being copied starts, and how much text it has shown so far.
  private noscript: { outputStart: number; depth: number; textChars: number } | undefined;
  // Whitespace-only text held back until the next tag shows whether it sits at a block boundary.
  private pendingWhitespace = '';
  private atBlockBoundary = true;
  // Blocks the pre-filter would drop for their class or id, copied until the page shows whether one is its content.
  private readonly namedBlocks: NamedBlocks;
  private linkDepth = 0;
  private headingDepth = 0;
  // Depths of the open streamed segments (see streamed-segments.ts) and the marks that close them.
  private readonly openSegments: { depth: number; endMark: string }[] = [];
  private readonly suspenseBoundaries = new SuspenseBoundaries();
  // Ids that a control (an accordion's button, often dropped itself) names in its aria-controls.
  private readonly controlledIds = new Set<string>();
  // Depth of the open element marked up as a question or an answer, 0 outside one.
  private questionOrAnswerDepth = 0;
  // The open disclosure button not yet seen to hold a heading (where its start tag went in the output, or where its
  // text began when its tag is left out, and its depth), and the depths of the open ones copied without their tags
  // (see `unwrapDisclosureButton`).
  private openDisclosure: { outputIndex: number; depth: number } | undefined;
  private readonly unwrappedButtonDepths: number[] = [];
  private readonly codeRows: CodeRowsTables;

  constructor(private readonly options: StripOptions) {
    // A thread's headers title posts of the discussion, not sections; a shop's banners sell other products.
    this.namedBlocks = new NamedBlocks(!options.discussionPage && !options.productPage);
    // User selectors may name the table's rows and cells.
    this.codeRows = new CodeRowsTables(!options.keepAllAttributes);
  }

  /** The cleaned body content, as an HTML fragment. */
  html(): string {
    return placeStreamedSegments(this.namedBlocks.judge(this.output).join(''));
  }

  openTag(name: string, sourceAttributes: TagAttributes, implied: boolean): void {
    const controls = sourceAttributes['aria-controls'];
    if (controls && this.options.mainContentPrefilter)
      for (const id of controls.split(/\s+/)) this.controlledIds.add(id);
    // The main content is told sign-up forms by their fields (main-content/heuristics/sign-up-box.ts); nothing else
    // reads a field.
    const fieldMark =
      name === 'input' && this.options.mainContentPrefilter ? formFieldMark(sourceAttributes) : undefined;
    const attributes = fieldMark ?? sourceAttributes;
    const copying = this.droppedFrom < 0 && !implied;
    // A marked field is kept where the pre-filter would drop every input as Readability does.
    const verdict = copying && !fieldMark ? this.mainContentVerdict(name, attributes) : 'keep';
    const dropped =
      copying &&
      (DROPPED_SUBTREES.has(name) ||
        verdict === 'drop' ||
        SETTINGS_TABLE_CLASS.test(attributes.class ?? '') ||
        this.codeRows.dropsCell(name, attributes) ||
        MEDIA_ELEMENTS.has(this.openElements.at(-1) ?? ''));
    this.openElements.push(name);
    if (this.questionOrAnswerDepth === 0 && marksQuestionOrAnswer(attributes)) {
      this.questionOrAnswerDepth = this.openElements.length;
    }
    if (copying && this.namedBlocks.inside && (name === 'button' || isCallToAction(name, attributes))) {
      this.namedBlocks.addCallToAction();
    }
    if (verdict === 'named' && !dropped) {
      this.namedBlocks.open(this.output.length, this.openElements.length, attributes);
    }
    if (copying && !dropped && name === 'a') this.linkDepth += 1;
    if (copying && !dropped && HEADINGS.has(name)) this.headingDepth += 1;
    if (dropped) {
      this.droppedFrom = this.openElements.length - 1;
      const placeholder = copying ? placeholderMark(name, attributes) : undefined;
      if (placeholder) this.output.push(placeholder);
    } else if (copying && name === 'noscript') {
      if (this.noscript) this.droppedFrom = this.openElements.length - 1;
      else this.noscript = { outputStart: this.output.length, depth: this.openElements.length, textChars: 0 };
    } else if (copying && !this.copiedAsCodeRows(name, attributes)) {
      this.reachTag(name);
      if (PREFORMATTED.has(name)) {
        this.preformattedDepth += 1;
        this.preformattedLineOpen = false;
      }
      // In preformatted text a <br> is a line break and a line's block is a line: both are copied as line breaks.
      // Readability reads inside <pre> as anywhere else: it turned every run of two or more <br>s into a paragraph
      // (the code's blank lines went with the line ends around them) and each line's <div> into a <p>, dropping the
      // indentation written as text before the line's first tag.
      if (name === 'br' && this.preformattedDepth > 0) {
        this.output.push('\n');
        this.preformattedLineOpen = false;
      } else if (this.preformattedDepth > 0 && PREFORMATTED_LINES.has(name)) this.endLineInPreformatted();
      else if (!this.unwrapDisclosureButton(name, attributes) && !DROPPED_TAGS.has(name) && VALID_TAG.test(name)) {
        this.output.push(this.startTag(name, attributes));
      }
      const marks = segmentMarks(name, attributes);
      if (marks) {
        this.output.push(marks.start);
        this.openSegments.push({ depth: this.openElements.length, endMark: marks.end });
      }
    }
  }

  text(_text: string, token: SourceToken): void {
    if (this.droppedFrom >= 0 || MEDIA_ELEMENTS.has(this.openElements.at(-1) ?? '') || this.codeRows.skipsText())
      return;
    // The source text, not the decoded one: entities stay entities and need no re-escaping.
    const raw = token.raw();
    if (this.preformattedDepth === 0 && WHITESPACE_ONLY.test(raw)) {
      if (!this.atBlockBoundary) this.pendingWhitespace += raw;
      return;
    }
    this.output.push(this.pendingWhitespace, raw);
    if (this.preformattedDepth > 0) this.preformattedLineOpen = !raw.endsWith('\n');
    if (this.noscript) this.noscript.textChars += raw.length;
    this.namedBlocks.addText(raw.length, this.linkDepth > 0, this.headingDepth > 0);
    this.pendingWhitespace = '';
    this.atBlockBoundary = false;
  }

  closeTag(name: string, implied: boolean, token: SourceToken): void {
    this.openElements.pop();
    if (this.openElements.length < this.questionOrAnswerDepth) this.questionOrAnswerDepth = 0;
    if (this.droppedFrom >= 0) {
      if (this.openElements.length <= this.droppedFrom) this.droppedFrom = -1;
      return;
    }
    const depth = this.openElements.length + 1;
    if (this.openDisclosure?.depth === depth) {
      // With the pre-filter, a button that held no heading goes as Readability would take it: its text too.
      if (this.options.mainContentPrefilter) this.truncateOutput(this.openDisclosure.outputIndex);
      this.openDisclosure = undefined;
    }
    const unwrapped = this.unwrappedButtonDepths.at(-1) === depth;
    if (unwrapped) this.unwrappedButtonDepths.pop();
    const codeRowsMarkup = this.codeRows.close(name, depth);
    if (codeRowsMarkup !== undefined) {
      if (name === 'table') this.preformattedDepth -= 1;
      this.output.push(codeRowsMarkup);
      this.namedBlocks.close(depth, this.output.length);
      return;
    }
    if (PREFORMATTED.has(name) && this.preformattedDepth > 0) this.preformattedDepth -= 1;
    if (name === 'a' && this.linkDepth > 0) this.linkDepth -= 1;
    if (HEADINGS.has(name) && this.headingDepth > 0) this.headingDepth -= 1;
    if (name === 'noscript' && this.noscript?.depth === this.openElements.length + 1) {
      if (this.noscript.textChars < NOSCRIPT_MIN_TEXT_CHARS) this.truncateOutput(this.noscript.outputStart);
      this.noscript = undefined;
      return;
    }
    // Implied end tags are not in the source; the DOM parser that reads the output infers them again, by HTML rules.
    if (this.openSegments.at(-1)?.depth === this.openElements.length + 1)
      this.output.push(this.openSegments.pop()?.endMark ?? '');
    if (this.preformattedDepth > 0 && PREFORMATTED_LINES.has(name)) this.endLineInPreformatted();
    else if (!implied) {
      this.reachTag(name);
      if (!DROPPED_TAGS.has(name) && VALID_TAG.test(name) && !unwrapped) this.output.push(token.raw());
    }
    this.namedBlocks.close(this.openElements.length + 1, this.output.length);
  }

  comment(data: string): void {
    const mark = this.suspenseBoundaries.markFor(data);
    if (mark !== undefined && this.droppedFrom < 0) this.output.push(mark);
  }

  /** Copies a tag of GitHub's tables of code lines ({@link CodeRowsTables}); returns whether it was one. */
  private copiedAsCodeRows(name: string, attributes: TagAttributes): boolean {
    const markup = this.codeRows.open(name, attributes, this.openElements.length);
    if (markup === undefined) return false;
    if (name === 'table') {
      this.reachTag('pre');
      this.preformattedDepth += 1;
      this.preformattedLineOpen = false;
    }
    this.output.push(markup);
    return true;
  }

  /** Takes back what was copied since `outputStart`. */
  private truncateOutput(outputStart: number): void {
    this.output.length = outputStart;
    this.namedBlocks.truncate(outputStart);
  }

  /** Ends the line of preformatted text in progress, if any: a line's block after a finished line adds no blank one. */
  private endLineInPreformatted(): void {
    if (!this.preformattedLineOpen) return;
    this.output.push('\n');
    this.preformattedLineOpen = false;
  }

  /** Settles held-back whitespace when a copied tag arrives: kept between inline content, dropped at a block edge. */
  private reachTag(name: string): void {
    const block = BLOCK_ELEMENTS.has(name);
    if (!block) this.output.push(this.pendingWhitespace);
    this.pendingWhitespace = '';
    this.atBlockBoundary = block;
  }

  /**
   * What the main-content pre-filter does with an element: drop it, keep it, or, when only its class or id speaks
   * against it, copy it on approval as a named block (see {@link NamedBlocks}).
   */
  private mainContentVerdict(name: string, attributes: TagAttributes): 'drop' | 'keep' | 'named' {
    if (!this.options.mainContentPrefilter) {
      return this.options.dropNavigation && isNavigationOrAside(name, attributes) ? 'drop' : 'keep';
    }
    const controlled = attributes.id !== undefined && this.controlledIds.has(attributes.id);
    // Kept until it turns out to hold a heading or not (see `unwrapDisclosureButton`).
    if (isDisclosureButton(name, attributes) && !isHiddenOrNavigation(name, attributes, controlled)) return 'keep';
    if (
      isDroppedByReadability(name, attributes, controlled) ||
      isCallToAction(name, attributes) ||
      this.isCommentOnPost(attributes) ||
      marksInteractionCount(attributes)
    ) {
      return 'drop';
    }
    if (isScreenReaderText(name, attributes, this.openElements)) return 'drop';
    if (this.namedBlocks.inside) return 'keep';
    if (!isUnlikelyByName(name, attributes, this.openElements, this.options.discussionPage)) return 'keep';
    return mayHoldContent(attributes) ? 'named' : 'drop';
  }

  /**
   * Copies a disclosure button without its tags: returns whether the element just opened is one whose start tag is left
   * out, and takes out the start tag of the button around it when that one turns out to hold a heading. Readability
   * drops buttons: the header's button (`<h3><button aria-expanded>` in the WAI-ARIA pattern, or a button holding the
   * heading) would leave a FAQ's answers without their questions. With the pre-filter the button's tags are always left
   * out, and its text goes again when it ends without a heading in it (`closeTag`): a "Show more" is no question.
   */
  private unwrapDisclosureButton(name: string, attributes: TagAttributes): boolean {
    const prefiltered = this.options.mainContentPrefilter;
    if (!this.options.dropNavigation && !prefiltered) return false;
    const depth = this.openElements.length;
    if (isDisclosureButton(name, attributes)) {
      if (HEADINGS.has(this.openElements.at(-2) ?? '')) {
        this.unwrappedButtonDepths.push(depth);
        return true;
      }
      this.openDisclosure = { outputIndex: this.output.length, depth };
      if (prefiltered) this.unwrappedButtonDepths.push(depth);
      return prefiltered;
    }
    if (this.openDisclosure && HEADINGS.has(name)) {
      if (prefiltered) {
        this.openDisclosure = undefined;
        return false;
      }
      this.output[this.openDisclosure.outputIndex] = '';
      this.unwrappedButtonDepths.push(this.openDisclosure.depth);
      this.openDisclosure = undefined;
    }
    return false;
  }

  /**
   * A comment marked up under a question or an answer: a remark on a post of a question-and-answer page, not one of
   * its posts (a thread whose replies are marked up as comments has no question or answer around them).
   */
  private isCommentOnPost(attributes: TagAttributes): boolean {
    return this.questionOrAnswerDepth > 0 && marksComment(attributes);
  }

  private startTag(name: string, attributes: TagAttributes): string {
    let tag = `<${name}`;
    for (const [attribute, value] of Object.entries(this.keptAttributes(name, attributes))) {
      tag += ` ${attribute}="${escapeAttribute(value)}"`;
    }
    return `${tag}>`;
  }

  private keptAttributes(name: string, attributes: TagAttributes): Record<string, string> {
    const kept: Record<string, string> = {};
    for (const [attribute, value] of Object.entries(attributes)) {
      if (attribute === 'style' || attribute.startsWith('on') || !VALID_ATTRIBUTE.test(attribute)) continue;
      if (this.options.keepAllAttributes || KEPT_ATTRIBUTES.has(attribute)) kept[attribute] = value;
    }
    if (!this.options.keepAllAttributes) Object.assign(kept, questionAndAnswerMicrodata(attributes));
    if (this.options.mainContentPrefilter && kept.class !== undefined)
      kept.class = classForReadability(name, kept.class);
    if (name === 'img') {
      const src = imageSource(attributes);
      if (src !== undefined) kept.src = src;
    }
    for (const attribute of URL_ATTRIBUTES) {
      const value = kept[attribute];
      if (value === undefined) continue;
      if (/^\s*javascript:/i.test(value)) delete kept[attribute];
      else kept[attribute] = resolveUrl(value, this.options.baseUrl) ?? value;
    }
    return kept;
  }
}

/** Runs {@link NonContentStripper} alone over a page. */
export function stripNonContent(html: string, options: StripOptions): string {
  const stripper = new NonContentStripper(options);
  scanHtml(html, [stripper]);
  return stripper.html();
}
