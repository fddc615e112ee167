import { closestNamed, foldedText } from '../../dom/dom-walk';
import { headingLevel } from '../../dom/headings';
import { HEADING_TAGS } from '../../scan/heading-tags';

const LINE_BLOCKS = new Set(['p', 'div', 'li', ...HEADING_TAGS]);
// Below every heading: a section a label opens ends at the next heading of any rank.
const LABEL_LEVEL = 7;

/** Whether `element` is, or holds, a heading of `level` or higher other than `heading`. */
function outranks(element: Element, level: number, heading: Element): boolean {
  const rank = headingLevel(element);
  if (element !== heading && rank !== undefined && rank <= level) return true;
  return HEADING_TAGS.slice(0, level).some((tag) =>
    Array.from(element.getElementsByTagName(tag)).some((candidate) => candidate !== heading),
  );
}

/** The largest block around `heading`, inside `content`, that opens with it and holds no heading of its rank. */
function blockOpenedBy(heading: Element, level: number, content: Element): Element {
  const headingText = foldedText(heading);
  let block = heading;
  for (let parent = block.parentElement; parent && parent !== content; parent = parent.parentElement) {
    if (!foldedText(parent).startsWith(headingText) || outranks(parent, level, heading)) break;
    block = parent;
  }
  return block;
}

/** Whether `label` is the whole of its line, not a link or a word inside a sentence. */
export function isWholeLine(label: Element): boolean {
  const line = closestNamed(label, LINE_BLOCKS);
  return line !== null && foldedText(line) === foldedText(label);
}

/**
 * Removes from `content` the section that `opener` (a heading, or a line standing for one) opens: the largest block
 * that opens with it and holds no heading of its rank, or, when that block is the opener alone, the opener and the
 * siblings after it up to the next heading of its rank (a label outside any heading ranks below every heading). With
 * `emptiedOnly`, only the siblings left without text go with it: the buttons under a share bar's label.
 */
export function removeSectionOpenedBy(opener: Element, content: Element, emptiedOnly = false): void {
  if (!content.contains(opener)) return;
  const level = headingLevel(opener) ?? LABEL_LEVEL;
  const block = blockOpenedBy(opener, level, content);
  if (foldedText(block) === foldedText(opener)) {
    for (
      let next = block.nextElementSibling;
      next && !outranks(next, level, opener) && (!emptiedOnly || foldedText(next) === '');
      next = block.nextElementSibling
    ) {
      next.remove();
    }
  }
  block.remove();
}
