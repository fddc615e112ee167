import { foldedText, linksUnder } from '../../dom/dom-walk';
import { HEADING_TAGS } from '../../scan/heading-tags';

// A button's caption asks the reader to act: a verb of buying, booking, signing up or getting in touch, with whatever
// it names ("Book a demo", "Get a quote", "Shop all"), or a verb of looking further with nothing particular to look at
// ("Learn more", "See all", "Explore our work"). "Learn HTML" or "See full compatibility" name what they lead to, and
// are the titles of the content's own parts.
const ACTION_CAPTION =
  /^(?:book|get|start|sign|log|register|request|contact|try|join|subscribe|record|schedule|buy|shop|order|donate|apply|reserve|call|talk|claim|create|download|enrol|enroll|let['’]s|chat|speak)\b|^(?:learn|see|view|explore|discover|find|watch) (?:more|all|our|how|details|now|it)\b/i;
// A button says a few words; a longer link on a line of its own is a title or a sentence.
const MAX_CAPTION_WORDS = 5;
// Inline elements a link may sit in and still be the whole of its line.
const INLINE = new Set(['span', 'strong', 'b', 'em', 'i', 'small', 'u', 'mark', 'font']);
// A link that is a heading's text is a title. One in a list or a table is an item of a run, whatever else the item
// holds: a menu, a list of links, or the titles of a listing's or a guide's items ("Get Docker Desktop", then what
// that step teaches).
const TITLES = new Set(HEADING_TAGS);
const ITEMS = new Set(['li', 'td', 'th', 'dt', 'dd']);

/** Whether `node` is text with nothing visible, which renders as nothing beside a block. */
function isBlank(node: Node | null): boolean {
  return node !== null && node.nodeType === node.TEXT_NODE && (node.nodeValue ?? '').trim() === '';
}

function visibleSibling(node: Node, next: boolean): Node | null {
  let sibling = next ? node.nextSibling : node.previousSibling;
  while (isBlank(sibling)) sibling = next ? (sibling?.nextSibling ?? null) : (sibling?.previousSibling ?? null);
  return sibling;
}

/** Whether `node` starts and ends a line of its own: no text or inline element beside it. */
function standsAlone(node: Node): boolean {
  return [visibleSibling(node, false), visibleSibling(node, true)].every(
    (sibling) =>
      sibling === null || (sibling.nodeType === sibling.ELEMENT_NODE && !INLINE.has((sibling as Element).localName)),
  );
}

/**
 * The element to remove for `link` when it is a line of its own: the link with the inline elements wrapped around it
 * alone, when that is the whole of its line, no heading's text, and in no list or table.
 */
function actionLine(link: Element, content: Element): Element | undefined {
  const caption = foldedText(link);
  let line = link;
  while (line.parentElement && INLINE.has(line.parentElement.localName) && foldedText(line.parentElement) === caption) {
    line = line.parentElement;
  }
  for (let block = line.parentElement; block && block !== content; block = block.parentElement) {
    if (ITEMS.has(block.localName) || (TITLES.has(block.localName) && foldedText(block) === caption)) return undefined;
  }
  return standsAlone(line) ? line : undefined;
}

/**
 * Removes the links drawn as buttons that their class does not name (strip/call-to-action.ts finds those): a line that
 * is nothing but a link of a few words asking the reader to act ("Book a demo", "Get a quote", "Learn more", "Shop
 * all"). It leads to a form or to another page of the site, and says nothing of this one. Links inside sentences,
 * headings, lists and tables stay.
 */
export function removeActionLinks(content: Element): void {
  for (const link of linksUnder(content)) {
    const caption = foldedText(link);
    if (!ACTION_CAPTION.test(caption) || caption.split(' ').length > MAX_CAPTION_WORDS) continue;
    actionLine(link, content)?.remove();
  }
}
