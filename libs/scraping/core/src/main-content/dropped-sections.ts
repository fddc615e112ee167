import { textNodesUnder } from '../dom/dom-walk';
import { compactText } from '../dom/text-measure';
import { HEADING_TAGS } from '../scan/heading-tags';

// A text shorter than this, spaces aside, says too little to tell whether the article holds it: "Learn more", a
// price and a name recur anywhere.
const MIN_TELLING_CHARS = 20;
// A dropped block with less text than this is a caption, a row of buttons or a stray line rather than a section; one
// without a heading of its own needs more to be more than a notice (an advertisement's label, an affiliate disclosure,
// an empty cart's summary).
const MIN_SECTION_CHARS = 100;
const MIN_UNHEADED_SECTION_CHARS = 150;
// A dropped block with more of its text in links than this is a menu, a card grid of other pages or a list of
// related links: Readability leaves those out on purpose, and so do the truths of pages that are not listings.
const MAX_SECTION_LINK_SHARE = 0.3;
const WRAPPERS = new Set(['div', 'section', 'article', 'main']);
// On a story, a section dropped after everything the article holds is what closes the page rather than the story (a
// call to get in touch, a promotion) unless it holds at least this share of the article's text: then it is a second
// body of content (a tool the story introduces).
const MIN_CLOSING_SECTION_SHARE = 0.5;
// ...or unless a heading of it titles the story's questions and answers: writers answer there what readers of the
// story ask next, and Readability leaves the section out only because its short answers look like furniture.
const QUESTIONS_TITLE = /^\s*(?:faqs?\b|frequently asked questions)/i;

/** What a block of the region holds, measured against the article. */
interface Coverage {
  chars: number;
  linkChars: number;
  /** Characters of the block's telling texts (see MIN_TELLING_CHARS). */
  telling: number;
  /** Characters of those texts that the article holds too. */
  held: number;
  /** The block's last text the article holds, where a section dropped after it goes back. */
  lastHeld: Text | undefined;
}

function measure(
  element: Element,
  articleText: string,
  coverage: Map<Element, Coverage>,
  insideLink: boolean,
): Coverage {
  const mass: Coverage = { chars: 0, linkChars: 0, telling: 0, held: 0, lastHeld: undefined };
  const inLink = insideLink || element.localName === 'a';
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) {
      const text = compactText(child.nodeValue ?? '');
      mass.chars += text.length;
      if (inLink) mass.linkChars += text.length;
      if (text.length < MIN_TELLING_CHARS) continue;
      mass.telling += text.length;
      if (articleText.includes(text)) {
        mass.held += text.length;
        mass.lastHeld = child as Text;
      }
    } else if (child.nodeType === 1) {
      const inner = measure(child as Element, articleText, coverage, inLink);
      mass.chars += inner.chars;
      mass.linkChars += inner.linkChars;
      mass.telling += inner.telling;
      mass.held += inner.held;
      mass.lastHeld = inner.lastHeld ?? mass.lastHeld;
    }
  }
  coverage.set(element, mass);
  return mass;
}

function headingsOf(element: Element): Element[] {
  return HEADING_TAGS.flatMap((name) => Array.from(element.getElementsByTagName(name)));
}

function hasHeading(element: Element): boolean {
  return headingsOf(element).length > 0;
}

/** Whether a heading of `section` titles it as questions and answers ("FAQ", "Frequently asked questions"). */
function titledAsQuestions(section: Element): boolean {
  return headingsOf(section).some((heading) => QUESTIONS_TITLE.test(heading.textContent ?? ''));
}

// Readers' comments under a story, which Readability leaves out on purpose: it keeps them only when their class also
// says "body" ("comment-body"), and then still weighs them as not the article.
const COMMENT_WORD = /(?:^|[\s_-])comments?(?:$|[\s_-])/i;

function isSection(element: Element, mass: Coverage): boolean {
  if (mass.linkChars > MAX_SECTION_LINK_SHARE * mass.chars || mass.chars < MIN_SECTION_CHARS) return false;
  if (COMMENT_WORD.test(element.getAttribute('class') ?? '') || COMMENT_WORD.test(element.id)) return false;
  return mass.chars >= MIN_UNHEADED_SECTION_CHARS || hasHeading(element);
}

/** A section of the region the article holds none of, with the last text before it that the article holds. */
interface DroppedSection {
  section: Element;
  after: Text | undefined;
  /**
   * It stands after everything the article holds, holds less than half as much text as the article
   * (MIN_CLOSING_SECTION_SHARE) and is not titled as the story's questions and answers: on a story, it closes the page
   * rather than the story.
   */
  closing: boolean;
}

/** The sections of `region` the article holds none of. */
function droppedSections(region: Element, articleText: string): DroppedSection[] {
  const coverage = new Map<Element, Coverage>();
  measure(region, articleText, coverage, false);
  const dropped: { section: Element; after: Text | undefined; chars: number }[] = [];
  let lastHeld: Text | undefined;
  const visit = (element: Element): void => {
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      const mass = coverage.get(child);
      if (!mass || mass.telling === 0) continue;
      if (mass.held === 0) {
        if (isSection(child, mass)) dropped.push({ section: child, after: lastHeld, chars: mass.chars });
      } else if (mass.held === mass.telling) {
        lastHeld = mass.lastHeld;
      } else {
        visit(child);
      }
    }
  };
  visit(region);
  const closingLimit = MIN_CLOSING_SECTION_SHARE * articleText.length;
  return dropped.map(({ section, after, chars }) => ({
    section,
    after,
    closing: lastHeld !== undefined && after === lastHeld && chars < closingLimit && !titledAsQuestions(section),
  }));
}

/** The element under which the article's blocks stand: Readability wraps them in one or more single-child `<div>`s. */
function articleBody(article: Element): Element {
  let body = article;
  while (body.childElementCount === 1 && body.firstElementChild && WRAPPERS.has(body.firstElementChild.localName)) {
    body = body.firstElementChild;
  }
  return body;
}

/** The block of `body` that holds the article's copy of `text`, if the article holds it as one text of its own. */
function blockHolding(body: Element, text: Text, articleTexts: Map<string, Text>): Element | undefined {
  let node: Node | null | undefined = articleTexts.get(compactText(text.nodeValue ?? ''));
  while (node && node.parentNode !== body) node = node.parentNode;
  return (node ?? undefined) as Element | undefined;
}

/**
 * Puts back into Readability's `article` the sections of the text-dense `region` that it dropped whole, moving them:
 * blocks of which the article holds no text, with some text of their own and little of it in links, each after the
 * article's block that holds the last text before it in the region. Service and product pages are made of sections
 * (features, testimonials, pricing, questions) that Readability weighs one against another, keeping the largest
 * few. On a `story` (an article), the small sections after the last of its text stay out: they close the page, not
 * the story. Returns how many sections came back.
 */
export function restoreDroppedSections(article: Element, region: Element, story = false): number {
  const articleText = compactText(article.textContent ?? '');
  const dropped = droppedSections(region, articleText).filter(({ closing }) => !story || !closing);
  if (dropped.length === 0) return 0;
  const body = articleBody(article);
  const articleTexts = new Map<string, Text>();
  for (const text of textNodesUnder(body)) {
    const key = compactText(text.nodeValue ?? '');
    if (key.length >= MIN_TELLING_CHARS && !articleTexts.has(key)) articleTexts.set(key, text);
  }
  // Where the next section dropped after the same block goes: after the sections already put back there. Sections
  // dropped before anything the article holds go first; those after a text the article rewrote go last.
  const lastPlaced = new Map<Element | 'start' | 'end', Element>();
  for (const { section, after } of dropped) {
    const place = after ? (blockHolding(body, after, articleTexts) ?? 'end') : 'start';
    const previous = lastPlaced.get(place) ?? (typeof place === 'string' ? undefined : place);
    if (previous) previous.after(section);
    else if (place === 'end') body.append(section);
    else body.prepend(section);
    lastPlaced.set(place, section);
  }
  return dropped.length;
}

/**
 * Removes from a story's `region`, when it won against Readability's `article` found inside it, the sections the
 * article left out after everything it holds that are small beside it: they close the page (a disclaimer, a sign-up
 * pitch, a call to get in touch), as they do when the article wins (restoreDroppedSections). Returns how many went.
 */
export function removeClosingSections(region: Element, article: Element): number {
  const closing = droppedSections(region, compactText(article.textContent ?? '')).filter(({ closing }) => closing);
  for (const { section } of closing) section.remove();
  return closing.length;
}
