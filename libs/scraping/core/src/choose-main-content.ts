import { findContentRegion, largestRunItemChars, mainLandmark, measureText, type TextMasses } from './content-region';
import { extractMainContent } from './main-content';
import { pruneBoilerplate } from './prune-boilerplate';
import { removeRepeatedBlocks } from './repeated-blocks';

// Readability's article wins when it holds at least this share of the text-dense region's text: it is then the same
// content, cleaned of what sits between the blocks. Below it, Readability kept one block of many.
const READABILITY_SHARE = 0.6;

function visibleChars(element: Element): number {
  return (element.textContent ?? '').replace(/\s+/g, '').length;
}

/**
 * The main content of a `parseDocument` document as HTML, or undefined when nothing is worth keeping. Two readings
 * compete: Readability's article, right on articles, and the text-dense region, right on pages made of many blocks
 * (threads, listings, product pages). The region is taken before Readability, which rewrites the document. On a
 * `discussionPage` the region keeps a thread's posts together, and an article no larger than one post is that post.
 */
export function chooseMainContent(document: Document, discussionPage = false): string | undefined {
  const masses: TextMasses = new Map();
  const landmarks: Element[] = [];
  const regionChars = measureText(document.body, masses, landmarks).chars;
  const root = mainLandmark(landmarks, masses, regionChars) ?? document.body;
  const region = findContentRegion(root, masses, discussionPage);
  const postChars = discussionPage ? largestRunItemChars(region, masses) : 0;
  const regionLeft = (masses.get(region)?.chars ?? 0) - pruneBoilerplate(region, masses);
  removeRepeatedBlocks(region);
  const regionHtml = region.innerHTML;
  const article = extractMainContent(document);
  const articleChars = article ? visibleChars(article) : 0;
  const regionText = masses.get(region)?.chars ?? regionChars;
  if (article && articleChars >= READABILITY_SHARE * regionText && articleChars > postChars) {
    removeRepeatedBlocks(article);
    return article.innerHTML;
  }
  // Pruning may leave a region of nothing but named furniture empty; an empty reading is never the answer.
  return regionLeft > 0 ? regionHtml : article?.innerHTML;
}
