import { compactTextsUnder } from '../../dom/text-measure';

// A block must hold at least this much visible text for a second copy of it to count as a repeat: shorter texts
// ("Add to cart", "Read more", a price) recur on purpose in a list of items.
const MIN_REPEATED_CHARS = 50;

/** An element's tag and classes, which the items a template repeats share. */
function shapeOf(element: Element): string {
  return `${element.localName}.${(element.getAttribute('class') ?? '').trim()}`;
}

/** The shapes from `element` up to, not including, `ancestor`. */
function pathBelow(element: Element, ancestor: Element): string[] {
  const shapes: string[] = [];
  for (let node: Element | null = element; node && node !== ancestor; node = node.parentElement) {
    shapes.push(shapeOf(node));
  }
  return shapes;
}

/**
 * Whether `copy` stands where `first` stands in another item of the same list: the children of their nearest common
 * ancestor that hold them have one shape, and so does every element between, and the copy is part of its item. A list
 * of cards repeats its template's line in each card ("This webcam is provided by the Conservancy"); a copy for another
 * screen size sits in a wrapper of its own, and a quoted post in a quote.
 */
function isSameSlotOfAnotherItem(first: Element, copy: Element): boolean {
  let common = first.parentElement;
  while (common && !common.contains(copy)) common = common.parentElement;
  if (!common) return false;
  const firstPath = pathBelow(first, common);
  const copyPath = pathBelow(copy, common);
  // A copy that is the whole item is a duplicate (a carousel's clone), not a line of the template.
  if (firstPath.length < 2 || firstPath.length !== copyPath.length) return false;
  return firstPath.every((shape, index) => shape === copyPath[index]);
}

/**
 * Removes from `content` every block whose text repeats, character for character, a block met earlier that is not
 * around it: the copy a responsive page keeps for each screen size (a product's specifications for phones and again
 * for desktops, of which a reader sees one), or the earlier post a forum reply quotes. Each tab panel is compared only
 * with itself: tabs are alternatives, and the same note under every language of a quickstart is read once per tab.
 * A line in the same place of each item of a list is the list's template, and stays unless `keepTemplateLines` is
 * false: on a product page such lines are its reviews' widgets ("Overall fit rating: runs small ... runs large").
 * Returns how many blocks went.
 */
export function removeRepeatedBlocks(content: Element, keepTemplateLines = true): number {
  let removed = 0;
  // Read before anything goes: a block's text is read before anything under it goes, and removing a block changes
  // the text of none but its ancestors, read already.
  const texts = new Map<Element, string>();
  compactTextsUnder(content, texts);
  const visit = (element: Element, seen: Map<string, Element>): void => {
    for (let child = element.firstElementChild; child;) {
      const next = child.nextElementSibling;
      const text = texts.get(child) ?? '';
      if (text.length >= MIN_REPEATED_CHARS) {
        // A wrapper's only child has the wrapper's text: only a copy of what stands outside it counts.
        const first = seen.get(text);
        if (first && !first.contains(child) && !(keepTemplateLines && isSameSlotOfAnotherItem(first, child))) {
          child.remove();
          removed += 1;
        } else {
          seen.set(text, child);
          visit(child, child.getAttribute('role') === 'tabpanel' ? new Map<string, Element>() : seen);
        }
      }
      child = next;
    }
  };
  visit(content, new Map<string, Element>());
  return removed;
}
