import { classOrIdSays } from './named-boilerplate';

// What Readability takes for an article's byline: a link to its author (`rel="author"`), an element whose microdata
// property names the author, or one whose class or id says byline, author, dateline or writtenby, holding some text and
// less than this many characters of it (a box about the writer says more).
const BYLINE_NAME = /byline|author|dateline|writtenby/i;
const MAX_BYLINE_CHARS = 100;

function isByline(element: Element): boolean {
  const named =
    element.getAttribute('rel') === 'author' ||
    (element.getAttribute('itemprop') ?? '').includes('author') ||
    classOrIdSays(element, BYLINE_NAME);
  if (!named) return false;
  const chars = (element.textContent ?? '').trim().length;
  return chars > 0 && chars < MAX_BYLINE_CHARS;
}

/** The first byline under `root` in document order: the outermost one, a whole "By ... on ..." line. */
function firstByline(root: Element): Element | undefined {
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) {
    if (isByline(child)) return child;
    const inner = firstByline(child);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Removes an article's byline from the reading taken, as Readability takes it out of the article it finds: who wrote
 * the story is about it, not of it. Readability takes the first byline of the whole page, which may stand outside its
 * article (in the page's header) and which the region never loses; this takes the first one left in the reading. Only
 * the first: an element so named further down is a quoted writer's name or a comment's poster.
 */
export function removeByline(content: Element): void {
  firstByline(content)?.remove();
}
