import { linksUnder } from '../../dom/dom-walk';

// "Skip to main content", "Skip to navigation", "Skip to product list": keyboard and screen-reader shortcuts that jump
// within the page, hidden until focused.
const SKIP_LINK_TEXT = /^skip (?:to|navigation)\b/i;

/** Removes the links that skip to another part of the same page: navigation for keyboards, not content. */
export function removeSkipLinks(root: Element): void {
  for (const link of linksUnder(root)) {
    if ((link.getAttribute('href') ?? '').includes('#') && SKIP_LINK_TEXT.test((link.textContent ?? '').trim()))
      link.remove();
  }
}
