import { closestNamed, largestShortLineAround, textNodesUnder } from '../../dom/dom-walk';
import { HEADING_TAGS } from '../../scan/heading-tags';

// The lines a story's template prints around its body rather than what the story says: its date ("September 18,
// 2024", "15 Dec, 2025", "Published on June 4, 2025 10:39AM"), its reading time ("5 min read"), its credit line
// ("Written by Jane Doe", "Posted by David at December 16, 2025"). A bare "By Jane Doe" is left here: the page's own
// truth often keeps it, where a date alone or a reading time never says anything of the story; byline.ts takes it
// where the template names it as the byline.
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\b\\.?';
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
// British papers write the time with a dot ("17.05 BST").
const CLOCK = '(?:,? (?:at )?\\d{1,2}[:.]\\d{2} ?(?:[ap]\\.?m\\.?)?(?: [a-z]{2,4})?)?';
const DATE = `(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,? )?(?:${MONTH} ${DAY}(?:,? \\d{4})?|${DAY} ${MONTH},? \\d{4})${CLOCK}`;
const DATED = `(?:(?:(?:first |last )?(?:published|posted|updated)(?: on)?:? )?${DATE})`;
const READING_TIME = '\\d{1,2} min(?:ute)?s? read';
const CREDIT = `(?:written|posted) by [^|·•]{2,50}?(?: (?:on|at) ${DATE})?|by [^|·•]{2,40}? on ${DATE}`;
const PART = `(?:${DATED}|${READING_TIME}|${CREDIT})`;
// One such part, or two joined by a separator, with perhaps a name before them ("Bridgestone Team | 5 min read").
const DATELINE = new RegExp(`^(?:[^|·•]{1,40} ?[|·•] ?)?${PART}(?: ?[|·•] ?${PART})?$`, 'i');
// Each text node is tried first with these, so that most cost one cheap test: a dateline is short, and one of its
// texts names a month, a reading time or the "by" of a credit.
const MAX_DATELINE_CHARS = 90;
const DATELINE_HINT = new RegExp(`\\b${MONTH}|\\bmin(?:ute)?s? read\\b|\\bby\\b`, 'i');
// A line of its own is a block, or a <time> with no text beside it; a date inside a sentence or beside a label
// ("Release date: Aug 21, 2012") is not.
const LINE_BLOCKS = new Set(['p', 'div', 'li', 'header', 'footer', 'section']);
// More datelines than this are the dates of a list's items (a listing of posts, a rail of stories), each part of
// its item: the story's own date and credit come once or twice.
const MAX_STORY_DATELINES = 3;
const HEADINGS = new Set(HEADING_TAGS);
const TABLE_CELLS = new Set(['td', 'th']);

function standsAlone(element: Element): boolean {
  if (LINE_BLOCKS.has(element.localName)) return true;
  if (element.localName !== 'time') return false;
  for (let sibling = element.parentElement?.firstChild; sibling; sibling = sibling.nextSibling) {
    if (sibling.nodeType === sibling.TEXT_NODE && /\S/.test(sibling.nodeValue ?? '')) return false;
  }
  return true;
}

/**
 * Removes from an article's `content` the lines that give its date, reading time or credit alone, when there are no
 * more than a story's few. Headings and table cells are left: a live blog's entries and a timeline's rows are headed or
 * tabled by their dates.
 */
export function removeStoryDatelines(content: Element): void {
  const datelines = new Set<Element>();
  for (const text of textNodesUnder(content)) {
    const value = text.nodeValue ?? '';
    if (value.length > MAX_DATELINE_CHARS || !DATELINE_HINT.test(value)) continue;
    const line = largestShortLineAround(
      text,
      content,
      MAX_DATELINE_CHARS,
      (element, line) => standsAlone(element) && DATELINE.test(line),
    );
    if (line && !closestNamed(line, HEADINGS) && !closestNamed(line, TABLE_CELLS)) datelines.add(line);
    if (datelines.size > MAX_STORY_DATELINES) return;
  }
  for (const line of datelines) line.remove();
}
