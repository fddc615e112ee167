import { textsWithCharsBefore } from '../../dom/text-measure';

// A heading with no more of the content's text than this before it opens the content: a section's name, a date or a
// breadcrumb may stand above a story's title.
const MAX_CHARS_BEFORE_TITLE = 150;
// A heading repeats the title when at least this share of its words' characters are words of the title, the measure
// and bound Readability uses to drop the heading that repeats an article's title.
const MIN_TITLE_SIMILARITY = 0.75;
const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** The share of `heading`'s word characters that are words of `title`. */
function similarity(heading: string, title: string): number {
  const headingWords = wordsOf(heading);
  const titleWords = new Set(wordsOf(title));
  const total = headingWords.reduce((sum, word) => sum + word.length, 0);
  if (total === 0) return 0;
  const shared = headingWords.reduce((sum, word) => sum + (titleWords.has(word) ? word.length : 0), 0);
  return shared / total;
}

/** How many visible characters of `content` stand before `element`. */
function charsBefore(element: Element, content: Element): number {
  for (const { text, charsBefore } of textsWithCharsBefore(content)) {
    if (element.contains(text)) return charsBefore;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * Removes the `<h1>` that opens `content` when it repeats the page's title (one of `titles`: the document's
 * `<title>`, its Open Graph title): the title is the page's metadata, and whether the content's markdown repeated it
 * would otherwise depend on whether the heading sat inside the block chosen as the content.
 */
export function removeTitleHeading(content: Element, titles: readonly string[]): void {
  const heading = content.getElementsByTagName('h1')[0];
  if (!heading) return;
  const text = heading.textContent ?? '';
  if (!titles.some((title) => similarity(text, title) >= MIN_TITLE_SIMILARITY)) return;
  if (charsBefore(heading, content) > MAX_CHARS_BEFORE_TITLE) return;
  heading.remove();
}
