// What Readability takes for an article's byline: a link to its author (`rel="author"`), an element whose microdata
// property names the author, or one whose class or id says byline, author, dateline or writtenby, holding some text and
// less than this many characters of it (a box about the writer says more).
const BYLINE_NAME = /byline|author|dateline|writtenby|p-author/i;
const MAX_BYLINE_CHARS = 100;

function isByline(element: Element): boolean {
  const named =
    element.getAttribute('rel') === 'author' ||
    (element.getAttribute('itemprop') ?? '').includes('author') ||
    BYLINE_NAME.test(`${element.getAttribute('class') ?? ''} ${element.id}`);
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
 * the story is about it, not of it. Only the first: a second element so named is further down the story (a quoted
 * writer, a comment's poster).
 */
export function removeByline(content: Element): void {
  firstByline(content)?.remove();
}
