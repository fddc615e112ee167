import { compactTextsUnder } from '../../dom/text-measure';

// A block must hold at least this much visible text for a second copy of it to count as a repeat: shorter texts
// ("Add to cart", "Read more", a price) recur on purpose in a list of items.
const MIN_REPEATED_CHARS = 50;

/**
 * Removes from `content` every block whose text repeats, character for character, a block met earlier that is not
 * around it: the copy a responsive page keeps for each screen size (a product's specifications for phones and again
 * for desktops, of which a reader sees one), or the earlier post a forum reply quotes. Each tab panel is compared only
 * with itself: tabs are alternatives, and the same note under every language of a quickstart is read once per tab.
 * Returns how many blocks went.
 */
export function removeRepeatedBlocks(content: Element): number {
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
        if (first && !first.contains(child)) {
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
