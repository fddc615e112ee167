import { closestNamed } from '../../dom/dom-walk';
import { headingLevel } from '../../dom/headings';
import type { TextMasses } from '../../dom/text-measure';

// A link whose text is at least this long (spaces aside) reads as the headline of another story; shorter ones are
// a section's name, a tag or "Read more".
const MIN_HEADLINE_CHARS = 12;
// An item with at least this share of its text in links is an entry of a list of links: a headline, with perhaps a
// byline or a time beside it.
const LINK_LIST_SHARE = 0.5;
// An item whose headline is a heading, with no more text than this, is a teaser card: a headline, a standfirst, a
// date. A section of the article under a linked heading says more.
const MAX_CARD_CHARS = 600;
// A rail is a run of at least this many teasers of one shape that hold most of their block's text.
const MIN_RAIL_ITEMS = 3;
const MIN_RAIL_TEASER_SHARE = 0.7;
// A heading or a line just before a rail with no more text than this is its title ("More from Business").
const MAX_RAIL_TITLE_CHARS = 80;
// When the rails would leave less than this share of the content, the content is a list of stories after all.
const MIN_KEPT_SHARE = 0.3;
// A run of links followed by more than this share of the content's text outside links sits inside the story (a table
// of contents, a list of the courses or sources it is about), not after it.
const MAX_PROSE_AFTER_SHARE = 0.2;
// A list standing among at least this many paragraphs of prose (of this many characters) is one the writer put in the
// story ("My other recipes for..."), where the site's own rails stand in blocks of their own.
const MIN_BODY_PARAGRAPHS = 2;
const MIN_PARAGRAPH_CHARS = 40;
const HOST = /^https?:\/\/(?:www\.)?([^/?#:]+)/i;
const ASIDES = new Set(['aside']);

/** What an element holds of headlines: links to other pages of the site, and whether one is (in) a heading. */
interface Headlines {
  count: number;
  headed: boolean;
}

/** Whether two hosts (without `www.`) are one site: the same, or one a subdomain of the other. */
function sameSite(host: string, pageHost: string): boolean {
  return host === pageHost || host.endsWith(`.${pageHost}`) || pageHost.endsWith(`.${host}`);
}

/** The page's address without its fragment, and its host without `www.`. */
function pageOf(url: string): { page: string; host: string } {
  return { page: url.replace(/#.*$/, ''), host: HOST.exec(url)?.[1]?.toLowerCase() ?? '' };
}

/** Whether `link` points to another page of the page's site (links were made absolute by the stripper). */
function linksOtherPage(link: Element, page: { page: string; host: string }): boolean {
  const href = link.getAttribute('href') ?? '';
  const host = HOST.exec(href)?.[1]?.toLowerCase();
  return host !== undefined && sameSite(host, page.host) && href.replace(/#.*$/, '') !== page.page;
}

/** Measures every element under `root` for the headlines it holds, in one walk; undefined when it holds none. */
function findHeadlines(
  root: Element,
  masses: TextMasses,
  page: { page: string; host: string },
  found: Map<Element, Headlines>,
  inHeading = false,
): Headlines | undefined {
  let own: Headlines | undefined;
  const heading = inHeading || headingLevel(root) !== undefined;
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) {
    const inner = findHeadlines(child, masses, page, found, heading);
    if (!inner) continue;
    own ??= { count: 0, headed: false };
    own.count += inner.count;
    own.headed ||= inner.headed;
  }
  if (root.localName === 'a' && (masses.get(root)?.chars ?? 0) >= MIN_HEADLINE_CHARS && linksOtherPage(root, page)) {
    own ??= { count: 0, headed: false };
    own.count += 1;
    own.headed ||= heading || (masses.get(root)?.headings ?? 0) > 0;
  }
  // Most elements hold no headline; they are left out of the map, which reads as none.
  if (own) found.set(root, own);
  return own;
}

/**
 * Whether `item` is an entry of a list of links to another story or a teaser card of one: a headline that is most of
 * its text, or a heading over a short standfirst.
 */
function isTeaser(item: Element, masses: TextMasses, headlines: Map<Element, Headlines>): boolean {
  const mass = masses.get(item);
  const found = headlines.get(item);
  if (!mass || !found || found.count === 0) return false;
  return mass.linkChars >= LINK_LIST_SHARE * mass.chars || (found.headed && mass.chars <= MAX_CARD_CHARS);
}

/**
 * How many teasers `child` is: the cards (headed teasers) it holds as its own children when it is a row of them, else
 * one when it is a teaser itself; with the characters they cover (all of `child`'s when it is a teaser as a whole).
 * Only cards make rows: a block of lists of links is a list page's columns (a glossary, an index), not a rail.
 */
function teasersOf(
  child: Element,
  masses: TextMasses,
  headlines: Map<Element, Headlines>,
): { count: number; chars: number } {
  const row = { count: 0, chars: 0 };
  if ((headlines.get(child)?.count ?? 0) >= 2) {
    for (let item = child.firstElementChild; item; item = item.nextElementSibling) {
      if (!headlines.get(item)?.headed || !isTeaser(item, masses, headlines)) continue;
      row.count += 1;
      row.chars += masses.get(item)?.chars ?? 0;
    }
  }
  const whole = isTeaser(child, masses, headlines);
  if (row.count < 2) return whole ? { count: 1, chars: masses.get(child)?.chars ?? 0 } : { count: 0, chars: 0 };
  return { count: row.count, chars: whole ? (masses.get(child)?.chars ?? 0) : row.chars };
}

/**
 * Whether `block`'s children are a run of teasers of one element type, or of rows of them, holding most of its text.
 */
function isRail(block: Element, masses: TextMasses, headlines: Map<Element, Headlines>): boolean {
  const chars = masses.get(block)?.chars ?? 0;
  const teasersByTag = new Map<string, { count: number; chars: number }>();
  for (let child = block.firstElementChild; child; child = child.nextElementSibling) {
    const teasers = teasersOf(child, masses, headlines);
    if (teasers.count === 0) continue;
    const run = teasersByTag.get(child.localName) ?? { count: 0, chars: 0 };
    run.count += teasers.count;
    run.chars += teasers.chars;
    teasersByTag.set(child.localName, run);
  }
  for (const run of teasersByTag.values()) {
    if (run.count >= MIN_RAIL_ITEMS && run.chars >= MIN_RAIL_TEASER_SHARE * chars) return true;
  }
  return false;
}

/** The heading or short line just before `rail` that titles it, if any. */
function railTitle(rail: Element, masses: TextMasses): Element | undefined {
  const previous = rail.previousElementSibling;
  if (!previous) return undefined;
  const mass = masses.get(previous);
  if (!mass || mass.chars > MAX_RAIL_TITLE_CHARS) return undefined;
  return headingLevel(previous) !== undefined || (mass.headings > 0 && mass.linkChars < mass.chars)
    ? previous
    : undefined;
}

function proseChars(element: Element, masses: TextMasses): number {
  const mass = masses.get(element);
  return mass ? mass.chars - mass.linkChars : 0;
}

/** Characters outside links after `element` in `root`, in document order. */
function proseAfter(element: Element, root: Element, masses: TextMasses): number {
  let chars = 0;
  for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
    for (let sibling = node.nextSibling; sibling; sibling = sibling.nextSibling) {
      if (sibling.nodeType === 1) chars += proseChars(sibling as Element, masses);
      else if (sibling.nodeType === 3) chars += (sibling.nodeValue ?? '').replace(/\s+/g, '').length;
    }
  }
  return chars;
}

/** Whether `rail` stands among the story's paragraphs, a list its writer put there. */
function inWrittenBody(rail: Element, masses: TextMasses): boolean {
  let paragraphs = 0;
  for (let sibling = rail.parentElement?.firstElementChild; sibling; sibling = sibling.nextElementSibling) {
    if (sibling.localName === 'p' && proseChars(sibling, masses) >= MIN_PARAGRAPH_CHARS) paragraphs += 1;
    if (paragraphs >= MIN_BODY_PARAGRAPHS) return true;
  }
  return false;
}

/**
 * Whether `rail` stands after the story or beside it: in an `<aside>`, or followed by little of the content's text
 * outside links besides the rails after it.
 */
function afterOrBesideStory(
  rail: Element,
  laterRails: readonly Element[],
  content: Element,
  masses: TextMasses,
): boolean {
  if (closestNamed(rail, ASIDES) !== null) return true;
  if (inWrittenBody(rail, masses)) return false;
  const laterProse = laterRails.reduce((sum, later) => sum + proseChars(later, masses), 0);
  return proseAfter(rail, content, masses) - laterProse <= MAX_PROSE_AFTER_SHARE * proseChars(content, masses);
}

/**
 * Removes from an article's `content` the rails of links to the site's other stories: runs of at least three items of
 * one shape after the story or beside it, each a headline linking to another page of the site (`pageUrl`'s) that is either most of the item's text
 * ("Most read", "Latest news" with bylines and times) or a heading over a short standfirst (teaser cards), with the
 * heading that titles the run. Such runs are the content of a listing, never of a story. Returns how many visible
 * characters went; none go when the rails would leave less than a third of the content. `masses` holds the text
 * measures of `content` and everything under it.
 */
export function removeLinkRails(content: Element, pageUrl: string, masses: TextMasses): number {
  const headlines = new Map<Element, Headlines>();
  if ((findHeadlines(content, masses, pageOf(pageUrl), headlines)?.count ?? 0) < MIN_RAIL_ITEMS) return 0;
  let rails: Element[] = [];
  const visit = (element: Element): void => {
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      const mass = masses.get(child);
      if (!mass || (headlines.get(child)?.count ?? 0) < MIN_RAIL_ITEMS) continue;
      if (isRail(child, masses, headlines)) rails.push(child);
      else visit(child);
    }
  };
  visit(content);
  rails = rails.filter((rail, index) => afterOrBesideStory(rail, rails.slice(index + 1), content, masses));
  const removed = [...rails, ...rails.map((rail) => railTitle(rail, masses))].filter(
    (element): element is Element => element !== undefined,
  );
  const removedChars = removed.reduce((sum, element) => sum + (masses.get(element)?.chars ?? 0), 0);
  if (removedChars > (1 - MIN_KEPT_SHARE) * (masses.get(content)?.chars ?? 0)) return 0;
  for (const element of removed) element.remove();
  return removedChars;
}
