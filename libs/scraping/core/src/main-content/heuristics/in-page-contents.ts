import { closestNamed, linksUnder, textNodesUnder } from '../../dom/dom-walk';
import { visibleCharCount, visibleChars } from '../../dom/text-measure';

// A story's table of contents repeats its headings as links that jump within the page: the reader sees the headings
// again where they stand, so the list adds nothing but the same words twice.
const LISTS = new Set(['ul', 'ol']);
// Fewer entries than this is a pair of "jump to" links inside the story, not a table of contents.
const MIN_ENTRIES = 3;
// The list is nothing but its links: numbering and separators aside, at least this share of its text is link text.
const MIN_LINK_SHARE = 0.85;
// The label over such a list, or what is left of it once a script-drawn list is gone ("Table of Contents",
// "In this article", "Jump to:"). It names no subject of its own.
// A bare "Contents:" with a colon stays: it heads what a box holds as often as a table of contents.
const CONTENTS_TITLE =
  /^(?:(?:table of |article )?contents|in this (?:article|post|guide|story)|on this page)$|^jump to(?: section)?\s*:?$/i;
const MAX_TITLE_CHARS = 40;
// A title over links to other pages heads a table of contents that is a guide's own (a manual's chapters): when what
// follows it is at least this share of link text, the title stays with it.
const KEPT_LIST_LINK_SHARE = 0.5;

/** The page's address without its fragment, to which a link jumping within the page points. */
function pageAddress(url: string): string {
  return url.replace(/#.*$/, '');
}

/** Whether `link` jumps to a place in the page itself: `#part`, or the page's own address with a fragment. */
function jumpsWithinPage(link: Element, page: string): boolean {
  const href = link.getAttribute('href') ?? '';
  const fragment = href.indexOf('#');
  if (fragment < 0 || fragment === href.length - 1) return false;
  return fragment === 0 || href.slice(0, fragment) === page;
}

/** A list of at least three links, each jumping within the page, that hold nearly all its text. */
function isContentsList(list: Element, page: string): boolean {
  const links = linksUnder(list);
  if (links.length < MIN_ENTRIES || !links.every((link) => jumpsWithinPage(link, page))) return false;
  const linkChars = links.reduce((sum, link) => sum + visibleChars(link), 0);
  return linkChars >= MIN_LINK_SHARE * visibleChars(list);
}

const LINKS = new Set(['a']);

/**
 * The largest element inside `content` whose whole text is `text`'s, when that text names a table of contents and is
 * no link (a title, not an entry); else undefined.
 */
function contentsTitle(text: Text, content: Element): Element | undefined {
  const value = (text.nodeValue ?? '').trim();
  if (value.length > MAX_TITLE_CHARS || !CONTENTS_TITLE.test(value) || !text.parentElement) return undefined;
  if (closestNamed(text.parentElement, LINKS) !== null) return undefined;
  const chars = visibleCharCount(value);
  let title = text.parentElement;
  while (title.parentElement && title.parentElement !== content && visibleChars(title.parentElement) === chars) {
    title = title.parentElement;
  }
  return title === content ? undefined : title;
}

/**
 * Whether the first sibling after `title` that shows text, tables of contents being removed aside, is mostly links: a
 * list of the site's other pages that the title heads. A title followed by nothing is left over from a list drawn by a
 * script; one followed by the story's text is left over from a list that was never in the page's markup.
 */
function headsKeptLinks(title: Element, removedLists: ReadonlySet<Element>): boolean {
  for (let next = title.nextElementSibling; next; next = next.nextElementSibling) {
    const chars = removedLists.has(next) ? 0 : visibleChars(next);
    if (chars === 0) continue;
    const links = next.localName === 'a' ? [next] : linksUnder(next);
    const linkChars = links.reduce((sum, link) => sum + visibleChars(link), 0);
    return linkChars >= KEPT_LIST_LINK_SHARE * chars;
  }
  return false;
}

/**
 * Removes from an article's `content` its tables of contents: lists of links that jump to the story's own sections,
 * and the labels that title them ("Table of contents", "In this article"), standing alone once a script-drawn list is
 * gone too. `pageUrl` is the page's address (the stripper made links absolute).
 */
export function removeInPageContents(content: Element, pageUrl: string): void {
  const page = pageAddress(pageUrl);
  const removed: Element[] = [];
  const visit = (element: Element): void => {
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      if (LISTS.has(child.localName) && isContentsList(child, page)) removed.push(child);
      else visit(child);
    }
  };
  visit(content);
  const lists = new Set(removed);
  for (const text of textNodesUnder(content)) {
    const title = contentsTitle(text, content);
    if (title && !headsKeptLinks(title, lists)) removed.push(title);
  }
  for (const element of removed) element.remove();
}
