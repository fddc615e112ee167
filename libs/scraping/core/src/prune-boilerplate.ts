import type { TextMasses } from './content-region';

// A block whose text is at least this much link text is a menu, when its links are also short: a listing's links
// are titles of some length, a menu's are a word or two. A table is never taken for a menu: a table of names that
// link to their articles is the content of a list page.
const MENU_LINK_SHARE = 0.85;
const MENU_MIN_LINKS = 5;
const MENU_MAX_CHARS_PER_LINK = 20;
const BLOCKS = new Set(['div', 'section', 'ul', 'ol', 'dl', 'header', 'form', 'p', 'span']);
const SECTIONING = new Set(['article', 'main', 'section', 'aside', 'nav']);

function isMenu(element: Element, masses: TextMasses): boolean {
  const mass = masses.get(element);
  if (!mass || mass.links < MENU_MIN_LINKS || mass.headings > 0) return false;
  return mass.linkChars >= MENU_LINK_SHARE * mass.chars && mass.linkChars / mass.links <= MENU_MAX_CHARS_PER_LINK;
}

/** A page banner: `role="banner"`, or a `<header>` that belongs to no article or section but to the page. */
function isBanner(element: Element, insideSection: boolean): boolean {
  return element.getAttribute('role') === 'banner' || (element.localName === 'header' && !insideSection);
}

/**
 * Removes the page's banner and the menus inside a content region. A block with a heading stays, because a grid of
 * items or a list of articles (links under headings) is content on a listing page.
 */
export function pruneMenus(region: Element, masses: TextMasses): void {
  const visit = (element: Element, insideSection: boolean): void => {
    for (const child of Array.from(element.children)) {
      if (isBanner(child, insideSection) || (BLOCKS.has(child.localName) && isMenu(child, masses))) child.remove();
      else visit(child, insideSection || SECTIONING.has(child.localName));
    }
  };
  visit(region, SECTIONING.has(region.localName) || region.closest('article, main, section') !== null);
}
