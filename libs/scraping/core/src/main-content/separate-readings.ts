import { textNodesUnder } from '../dom/dom-walk';
import { compactText } from '../dom/text-measure';

// Text nodes shorter than this are labels and figures ("Sale", "$19.99") that a page repeats everywhere; only longer
// ones tell whether two readings hold the same text.
const TELLING_TEXT_CHARS = 20;

function tellingTexts(root: Element): string[] {
  return textNodesUnder(root)
    .map((node) => compactText(node.nodeValue ?? ''))
    .filter((text) => text.length >= TELLING_TEXT_CHARS);
}

/**
 * Whether Readability's `article` was taken from outside the text-dense region whose text is `regionText` (spaces
 * removed): none of its telling texts is in the region. A catalogue's description and its grid of items, or a
 * thread's opening post and its replies, are two blocks of one page, and each reading found one of them.
 */
export function liesOutsideRegion(article: Element, regionText: string): boolean {
  const texts = tellingTexts(article);
  return texts.length > 0 && texts.every((text) => !regionText.includes(text));
}

/**
 * Whether `article`'s text stood before the region's in the page, whose text is `pageText` (spaces removed, read
 * before Readability rewrote the document), so that the two readings can be joined in the page's order.
 */
export function precedesRegion(article: Element, regionText: string, pageText: string): boolean {
  const [first] = tellingTexts(article);
  const articleAt = first === undefined ? -1 : pageText.indexOf(first);
  const regionAt = pageText.indexOf(regionText.slice(0, TELLING_TEXT_CHARS));
  return articleAt >= 0 && articleAt < regionAt;
}
