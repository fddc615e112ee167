/**
 * Every element under `root`, in document order, as a list taken once: callers remove elements as they go. In the
 * pipeline's documents `getElementsByTagName` is itself such a list, found by a walk of jsdom's own tree records
 * (dom-document.ts); `Array.from` keeps the same meaning for any other document.
 */
export function elementsUnder(root: Element): Element[] {
  return Array.from(root.getElementsByTagName('*'));
}

/** The links under `root`, in document order, as a list taken once (see {@link elementsUnder}). */
export function linksUnder(root: Element): Element[] {
  return Array.from(root.getElementsByTagName('a'));
}

/**
 * The nodes from `start` up to `end` (not included), or to the end of `root` without one, each taken whole and none
 * inside another: what a range from before `start` to before `end` would hold.
 */
export function nodesFrom(start: Node, end: Node | undefined, root: Element): Node[] {
  const nodes: Node[] = [start];
  for (let node: Node = start; node !== root && node.parentNode; node = node.parentNode) {
    for (let sibling = node.nextSibling; sibling; sibling = sibling.nextSibling) {
      if (sibling === end) return nodes;
      if (end && sibling.contains(end)) {
        collectBefore(sibling, end, nodes);
        return nodes;
      }
      nodes.push(sibling);
    }
  }
  return nodes;
}

function collectBefore(container: Node, end: Node, nodes: Node[]): void {
  for (let child = container.firstChild; child && child !== end; child = child.nextSibling) {
    if (child.contains(end)) {
      collectBefore(child, end, nodes);
      return;
    }
    nodes.push(child);
  }
}

/**
 * `element.closest(selectors)` for selectors that are element names alone, `names`, or null for no element. jsdom
 * builds a selector engine for each document the first time a selector is asked of it, which costs more than a page's
 * walks up the tree together.
 */
export function closestNamed(element: Element | null, names: ReadonlySet<string>): Element | null {
  for (let node = element; node; node = node.parentElement) if (names.has(node.localName)) return node;
  return null;
}

const SHOW_TEXT = 0x4;

/** Every text node under `root`, in document order. */
export function textNodesUnder(root: Element): Text[] {
  const texts: Text[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  return texts;
}

/** The text of `node` with its runs of white space folded to one space and none at either end: the line it reads as. */
export function foldedText(node: Node): string {
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * `foldedText(element)`, or undefined once the source text read, spaces and all, runs past `maxSourceChars`: a test of
 * whether a block is one short line, which must not read a whole section's text for each word in it.
 */
export function shortFoldedText(element: Element, maxSourceChars: number): string | undefined {
  let source = '';
  const pending: Node[] = [element];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.nodeType === node.TEXT_NODE) {
      source += node.nodeValue ?? '';
      if (source.length > maxSourceChars) return undefined;
    }
    for (let child = node.lastChild; child; child = child.previousSibling) pending.push(child);
  }
  return source.replace(/\s+/g, ' ').trim();
}

/**
 * The largest element around `text`, inside `root`, whose folded text is at most `maxChars` long and for which
 * `isLine` holds: the whole line a short label stands on, however many inline wrappers it has.
 */
export function largestShortLineAround(
  text: Text,
  root: Element,
  maxChars: number,
  isLine: (element: Element, line: string) => boolean,
): Element | undefined {
  let found: Element | undefined;
  for (let element = text.parentElement; element && element !== root; element = element.parentElement) {
    const line = shortFoldedText(element, 4 * maxChars);
    if (line === undefined || line.length > maxChars) break;
    if (isLine(element, line)) found = element;
  }
  return found;
}

/**
 * The elements under `root` (not `root` itself) whose whole text, spaces folded, matches `label`: a line that says one
 * thing and nothing else. Each text node is tried alone first, so that long texts cost one test each.
 */
export function elementsSaying(root: Element, label: RegExp): Element[] {
  const elements: Element[] = [];
  for (const text of textNodesUnder(root)) {
    if (!label.test((text.nodeValue ?? '').trim())) continue;
    const parent = text.parentElement;
    if (parent && parent !== root && label.test(foldedText(parent))) elements.push(parent);
  }
  return elements;
}
