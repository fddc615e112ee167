import { querySelectorAllIn } from './dom-document';

/** Elements under `root` matching any selector, in document order. An invalid selector matches nothing. */
function matchAll(root: Element, selectors: readonly string[]): Element[] {
  const found = new Set<Element>();
  for (const selector of selectors) {
    try {
      for (const element of querySelectorAllIn(root, selector)) found.add(element);
    } catch {
      // A selector the engine cannot parse is ignored, as Firecrawl ignores it, rather than failing the page.
    }
  }
  return [...found].sort((a, b) => (a.compareDocumentPosition(b) & a.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

/**
 * Applies a request's includeTags and excludeTags (CSS selectors or tag names) to the body of a `parseDocument`
 * document: with includes, only the outermost matching elements stay, in document order; then every element
 * matching an exclude is removed.
 */
export function applyTagSelection(body: HTMLElement, include: readonly string[], exclude: readonly string[]): void {
  if (include.length > 0) {
    const kept: Element[] = [];
    for (const element of matchAll(body, include)) {
      if (!kept.at(-1)?.contains(element)) kept.push(element);
    }
    body.replaceChildren(...kept);
  }
  for (const element of matchAll(body, exclude)) element.remove();
}
