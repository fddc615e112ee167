import { closestNamed, elementsSaying, foldedText } from '../../dom/dom-walk';
import { headingsIn } from '../../dom/headings';
import { HEADING_TAGS } from '../../scan/heading-tags';
import { isWholeLine, removeSectionOpenedBy } from './headed-sections';

// Sections an article closes with that are about it rather than of it, titled as such and by nothing else: the works
// it cites ("Sources", "References", "Article sources:", "Footnotes") and the note on its writer or reviewer ("About
// the author", "About the Reviewer"). Only the plural titles a list: a reference manual heads an argument named
// "source" with the word alone. A "Notes" section is left: writers put their own tips under it.
const CLOSING_TITLE =
  /^(?:(?:article )?(?:sources|references|citations)|bibliography|works cited|footnotes|about the (?:author|reviewer|writer|editor|contributor)s?\b[^.?!]{0,40})[\s:!.…]*$/i;
const HEADINGS = new Set(HEADING_TAGS);

/** The headings titled as a closing section, and the lines outside headings that say such a title and nothing else. */
function closingTitles(content: Element): Element[] {
  const headings = headingsIn(content).filter((heading) => CLOSING_TITLE.test(foldedText(heading)));
  const labels = elementsSaying(content, CLOSING_TITLE).filter(
    (label) => !closestNamed(label, HEADINGS) && isWholeLine(label),
  );
  return [...headings, ...labels];
}

/**
 * Removes from an article's `content` its list of sources and its note on the writer or reviewer: each section a
 * closing title opens (headed-sections.ts), up to the next heading of the title's rank.
 */
export function removeClosingSections(content: Element): void {
  for (const title of closingTitles(content)) removeSectionOpenedBy(title, content);
}
