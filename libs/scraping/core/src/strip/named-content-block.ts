import type { TagAttributes } from '../scan/html-scan';
import { UNLIKELY_CANDIDATES } from './readability-prefilter';

// Class and id words of a discussion under the content: an article's comment section, or a product's reviews, can hold
// more text than the article or the product, so its size says nothing. Discussion pages are recognised by their markup
// instead (main-content/heuristics/discussion-page.ts).
const DISCUSSION_NAME = /comment|disqus|replies|remark|review/i;
// A block dropped for its name that holds at least this many times the text the pre-filter kept elsewhere is the
// page's content under an unlucky name: a layout wrapper named after the sidebar beside it ("has-sidebar",
// "content-sidebar-wrap"), after the header above it ("header-offset") or after the footer below it. The sidebar,
// header or footer such a name usually means holds less text than the page around it.
const CONTENT_SHARE_OF_KEPT = 1.5;
// ...and at least this much text: on a page whose content comes from scripts, a few menu entries outweigh the nothing
// that was kept, and the main-content reading of the whole page does better than a menu.
const MIN_CONTENT_CHARS = 500;
// Link text counts for half, as in the text-dense region: a sidebar or footer is mostly links, content mostly not.
const LINK_TEXT_WEIGHT = 0.5;
// ...and a block kept as content is mostly prose: a blog's archive sidebar or a picker of options (languages, dates)
// can hold more text than a short page around it, nearly all of it in links.
const MAX_CONTENT_LINK_SHARE = 0.4;
// Words that name where a block sits or how it looks more often than what it is: a page's own header, but also a
// service page's hero ("hero-banner") or the head of one of its sections ("section-header"), and a restaurant's menu.
const PLACEMENT_NAME = /header|banner|menu/i;
// A block so named is a titled section of the content when it has a heading of its own outside links (a site header's
// title is its home link), at least this much text...
const MIN_TITLED_SECTION_CHARS = 20;
// Without a heading of its own, a couple of sentences: a story's introduction in a "listicle-header" above its first
// item. A site header's tagline is shorter.
const MIN_UNTITLED_SECTION_CHARS = 120;
// ...and little of it in links: a site header is its menu, a section is read. A block with a button asks the reader to
// act instead (a promotion, a sign-in bar) and is not one either.
const MAX_TITLED_SECTION_LINK_SHARE = 0.2;
// Words that name a pager, a line of page numbers, never a page's worth of text. A block so named that holds at least
// this much text wraps the grid it pages through ("pagination_pagination__rI_ag" around a shop's products).
const CONTROL_NAME = /pagination|pager/i;
const MIN_CONTROL_WRAPPER_CHARS = 1000;

interface BlockText {
  chars: number;
  linkChars: number;
  /** Text inside a heading and outside links. */
  headingChars: number;
}

/** Visible characters, link text counted at {@link LINK_TEXT_WEIGHT}. */
function weightedText({ chars, linkChars }: BlockText): number {
  return chars - linkChars * (1 - LINK_TEXT_WEIGHT);
}

interface NamedBlock extends BlockText {
  /** Named only as a header, a banner or a menu ({@link PLACEMENT_NAME}). */
  namedForPlacement: boolean;
  /** Named only as a pager ({@link CONTROL_NAME}). */
  namedForControl: boolean;
  /** Holds a button, or a link drawn as one (call-to-action.ts). */
  asksToAct: boolean;
}

interface CopiedBlock extends NamedBlock {
  start: number;
  end: number;
}

/**
 * Whether a block the pre-filter drops for its class or id alone may be copied on approval instead: any such block but
 * one named as a discussion.
 */
export function mayHoldContent(attributes: TagAttributes): boolean {
  return !DISCUSSION_NAME.test(`${attributes.class ?? ''} ${attributes.id ?? ''}`);
}

/**
 * Whether the only words of its class and id that Readability takes for furniture are `words`: with
 * {@link PLACEMENT_NAME}, a block named "hero-banner" or "section-header", not one named "header-sidebar".
 */
function namedOnlyFor(attributes: TagAttributes, words: RegExp): boolean {
  const names = `${attributes.class ?? ''} ${attributes.id ?? ''}`;
  return words.test(names) && !UNLIKELY_CANDIDATES.test(names.replace(new RegExp(words, 'gi'), ' '));
}

/**
 * The blocks the streaming pre-filter would drop for their name alone ("sidebar", "header", "footer"), copied into
 * the output on approval. Most are what their name says and go once the page has been read; the one that holds far
 * more text than everything kept outside such blocks is the page's content and stays, with whatever its own names
 * say inside it. Positions are indices into the stripper's output.
 */
export class NamedBlocks {
  private current: (NamedBlock & { start: number; depth: number }) | undefined;
  private readonly copied: CopiedBlock[] = [];
  private readonly kept: BlockText = { chars: 0, linkChars: 0, headingChars: 0 };

  /** `titledSections`: blocks named for their placement may be titled sections of the content (see {@link readsAsSection}). */
  constructor(private readonly titledSections: boolean) {}

  /** Whether a named block is being copied: names inside it count for nothing until it is judged. */
  get inside(): boolean {
    return this.current !== undefined;
  }

  /** A named block with these `attributes` opens at `depth` of the open elements; its markup starts at `start` in the output. */
  open(start: number, depth: number, attributes: TagAttributes): void {
    this.current = {
      start,
      depth,
      chars: 0,
      linkChars: 0,
      headingChars: 0,
      namedForPlacement: namedOnlyFor(attributes, PLACEMENT_NAME),
      namedForControl: namedOnlyFor(attributes, CONTROL_NAME),
      asksToAct: false,
    };
  }

  /** A button, or a link drawn as one, met in the markup. */
  addCallToAction(): void {
    if (this.current) this.current.asksToAct = true;
  }

  /** Text copied to the output. */
  addText(chars: number, insideLink: boolean, insideHeading: boolean): void {
    const counted = this.current ?? this.kept;
    counted.chars += chars;
    if (insideLink) counted.linkChars += chars;
    else if (insideHeading) counted.headingChars += chars;
  }

  /** An element at `depth` closed, its markup ending at `end` in the output. */
  close(depth: number, end: number): void {
    if (this.current?.depth !== depth) return;
    this.copied.push({ ...this.current, end });
    this.current = undefined;
  }

  /** The output was cut back to `length`: blocks that started there are gone with it. */
  truncate(length: number): void {
    while ((this.copied.at(-1)?.start ?? -1) >= length) this.copied.pop();
    if (this.current && this.current.start >= length) this.current = undefined;
  }

  private holdsContent(block: CopiedBlock): boolean {
    return (
      weightedText(block) >= MIN_CONTENT_CHARS &&
      weightedText(block) >= CONTENT_SHARE_OF_KEPT * weightedText(this.kept) &&
      block.linkChars <= MAX_CONTENT_LINK_SHARE * block.chars
    );
  }

  /**
   * A block named for its placement that reads as a section of the content: a heading of its own and text, or a couple
   * of sentences without one; few links and no button.
   */
  private readsAsSection(block: CopiedBlock): boolean {
    return (
      this.titledSections &&
      block.namedForPlacement &&
      (block.headingChars > 0 || block.chars >= MIN_UNTITLED_SECTION_CHARS) &&
      !block.asksToAct &&
      block.chars >= MIN_TITLED_SECTION_CHARS &&
      block.linkChars <= MAX_TITLED_SECTION_LINK_SHARE * block.chars
    );
  }

  /** A block named as a pager that holds a page's worth of text: the grid it pages through is inside it. */
  private wrapsMoreThanControl(block: CopiedBlock): boolean {
    return block.namedForControl && block.chars >= MIN_CONTROL_WRAPPER_CHARS;
  }

  /** `output` without the named blocks that turned out not to hold the page's content. */
  judge(output: readonly string[]): string[] {
    const kept: string[] = [];
    let from = 0;
    for (const block of this.copied) {
      if (this.holdsContent(block) || this.readsAsSection(block) || this.wrapsMoreThanControl(block)) continue;
      for (let index = from; index < block.start; index += 1) kept.push(output[index]);
      from = block.end;
    }
    for (let index = from; index < output.length; index += 1) kept.push(output[index]);
    return kept;
  }
}
