import { linksUnder } from '../../dom/dom-walk';

// "Skip to main content", "Skip to navigation", "Skip to product list": keyboard and screen-reader shortcuts that jump
// within the page, hidden until focused.
const SKIP_LINK_TEXT = /^skip (?:to|navigation)\b/i;
// "Jump to the list", "JUMP TO REVIEW": the shortcuts a long guide or list prints over its parts. A shortcut's caption
// starts with a capital; "You can [jump to the end of the list] to see..." is a link inside a sentence.
const JUMP_LINK_TEXT = /^jump to\b/i;
const CAPITAL_START = /^[A-Z]/;

function isShortcutText(text: string): boolean {
  return SKIP_LINK_TEXT.test(text) || (JUMP_LINK_TEXT.test(text) && CAPITAL_START.test(text));
}

/** Removes the links that skip or jump to another part of the same page: navigation, not content. */
export function removeSkipLinks(root: Element): void {
  for (const link of linksUnder(root)) {
    if ((link.getAttribute('href') ?? '').includes('#') && isShortcutText((link.textContent ?? '').trim()))
      link.remove();
  }
}
