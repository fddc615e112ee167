import { Readability } from '@mozilla/readability';
import { visibleChars } from '../dom/text-measure';
import { keepWrappedHeadings } from './heading-wrappers';

// Less visible text than this (and no image) means Readability settled on a fragment such as a byline or a
// caption, not on the page's content.
const MIN_MAIN_CONTENT_CHARS = 50;
// Readability shows the title apart from the content, so it drops the heading that repeats the document title and
// demotes every other <h1> to <h2>. Neither may happen here: whether an article's title heading goes is decided once
// a reading is chosen, the same way for both (heuristics/title-heading.ts), and on other pages the top heading is
// content (a product's name). The document gets a title no heading can resemble (a single word of 15+ characters,
// which Readability uses as it is), and the page's own top-level headings are marked beforehand and put back
// afterwards.
const UNMATCHABLE_TITLE = 'readabilitytitleplaceholder';
const FORMER_H1 = 'data-former-h1';

/**
 * Readability takes the first element that looks like a byline out of the content, unless the page's metadata
 * names an author. On a thread that element is the first poster's name, which belongs to the content: a byline
 * in the metadata keeps every element where it is. Only an article's byline is let go.
 */
function keepBylines(document: Document): void {
  const author = document.createElement('meta');
  author.setAttribute('name', 'author');
  author.setAttribute('content', 'unknown');
  document.head.append(author);
}

function markTopHeadings(document: Document): void {
  for (const heading of Array.from(document.getElementsByTagName('h1'))) heading.setAttribute(FORMER_H1, '');
}

function restoreTopHeadings(content: Element): void {
  for (const heading of Array.from(content.getElementsByTagName('h2'))) {
    if (!heading.hasAttribute(FORMER_H1)) continue;
    heading.removeAttribute(FORMER_H1);
    const restored = heading.ownerDocument.createElement('h1');
    for (const { name, value } of Array.from(heading.attributes)) restored.setAttribute(name, value);
    restored.append(...Array.from(heading.childNodes));
    heading.replaceWith(restored);
  }
}

/** Readability's article of a document and its visible characters, counted once for whoever weighs it. */
export interface ReadabilityArticle {
  content: Element;
  chars: number;
}

/**
 * The element holding `document`'s main content as Readability finds it, or undefined when it finds nothing worth
 * keeping. Readability rewrites the document it reads: give it one nobody needs afterwards.
 */
export function extractMainContent(document: Document): Element | undefined {
  return readabilityArticle(document)?.content;
}

/** What Readability may take out of what it reads: the byline, on a page that reads as an article. */
export interface ReadabilityOptions {
  takeByline: boolean;
}

/** {@link extractMainContent} with the article's visible characters. */
export function readabilityArticle(
  document: Document,
  options: ReadabilityOptions = { takeByline: false },
): ReadabilityArticle | undefined {
  document.title = UNMATCHABLE_TITLE;
  markTopHeadings(document);
  if (!options.takeByline) keepBylines(document);
  const reader = new Readability<Element>(document, {
    // The element itself: serialising to a string only for it to be parsed again would waste the saved time.
    serializer: (node) => node as Element,
    // Classes carry code block languages (language-ts) through to markdown.
    keepClasses: true,
    // JSON-LD scripts were stripped before parsing; there is nothing to look for.
    disableJSONLD: true,
  });
  keepWrappedHeadings(reader);
  const content = reader.parse()?.content;
  if (!content) return undefined;
  const chars = visibleChars(content);
  if (chars < MIN_MAIN_CONTENT_CHARS && content.getElementsByTagName('img').length === 0) return undefined;
  // Headings change name, not text: the count stands.
  restoreTopHeadings(content);
  return { content, chars };
}
