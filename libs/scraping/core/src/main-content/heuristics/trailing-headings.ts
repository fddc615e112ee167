import { closestNamed } from '../../dom/dom-walk';
import { headingsIn } from '../../dom/headings';
import { visibleChars } from '../../dom/text-measure';

const SHOW_ELEMENT_AND_TEXT = 0x1 | 0x4;
const LINKS = new Set(['a']);

/** Whether any text or image follows `heading` inside `root`, past the heading's own text. */
function hasContentAfter(heading: Element, root: Element): boolean {
  const walker = heading.ownerDocument.createTreeWalker(root, SHOW_ELEMENT_AND_TEXT);
  walker.currentNode = heading;
  while (!walker.nextSibling()) {
    if (!walker.parentNode()) return false;
  }
  for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === node.TEXT_NODE ? /\S/.test(node.nodeValue ?? '') : (node as Element).localName === 'img')
      return true;
  }
  return false;
}

/**
 * Removes the headings that end `content` with nothing under them: the titles of sections whose body went as
 * furniture or was never there without scripts ("Sort and filter" over removed controls, "Let's connect" over a
 * removed form, "Be the first to comment" over an empty thread). A content of headings alone keeps them, and so does
 * a heading that is a link.
 */
export function removeTrailingHeadings(content: Element): void {
  const headings = headingsIn(content);
  let holdsMoreThanHeadings: boolean | undefined;
  for (const heading of [...headings].reverse()) {
    // A heading that links somewhere is an item's title (the last cards of a grid), whole on its own.
    if (
      closestNamed(heading, LINKS) ||
      heading.getElementsByTagName('a').length > 0 ||
      hasContentAfter(heading, content)
    )
      return;
    holdsMoreThanHeadings ??= visibleChars(content) > headings.reduce((sum, each) => sum + visibleChars(each), 0);
    if (!holdsMoreThanHeadings) return;
    heading.remove();
  }
}
