import {
  findContentRegion,
  largestRunItemChars,
  mainLandmark,
  measureText,
  type TextMasses,
  visibleChars,
} from './content-region';
import { extractMainContent } from './main-content';
import { pruneArticle, pruneBoilerplate } from './prune-boilerplate';
import { removeRepeatedBlocks } from './repeated-blocks';
import { removeSignUpBoxes } from './sign-up-box';

// Readability's article wins when it holds at least this share of the text the text-dense region keeps once its
// furniture is pruned: it is then the same content, cleaned of what sits between the blocks. Below it, Readability
// kept one block of many, and dropped sections, link cards and short blocks that were the page's content.
const READABILITY_SHARE = 0.7;
// On a page that declares itself a discussion, what Readability leaves out of the region is mostly the posts'
// furniture (votes, tools, poster cards), so its reading of the thread wins with less of the region's text.
const DISCUSSION_READABILITY_SHARE = 0.6;

/** What is known of the page before its main content is chosen. */
export interface MainContentHints {
  /** The page declares itself a forum thread or a question with its answers (schema.org). */
  discussion: boolean;
}

/**
 * The main content of a `parseDocument` document as HTML, or undefined when nothing is worth keeping. Two readings
 * compete: Readability's article, right on articles, and the text-dense region, right on pages made of many blocks
 * (threads, listings, product pages). The region is taken before Readability, which rewrites the document. On a
 * discussion the region keeps a thread's posts together, and an article no larger than one post is that post.
 * Sign-up boxes go from the document before either reading is taken.
 */
export function chooseMainContent(document: Document, hints: MainContentHints): string | undefined {
  removeSignUpBoxes(document.body);
  const masses: TextMasses = new Map();
  const landmarks: Element[] = [];
  const pageChars = measureText(document.body, masses, landmarks).chars;
  const region = findContentRegion(mainLandmark(landmarks, masses, pageChars) ?? document.body, masses, hints.discussion);
  const postChars = hints.discussion ? largestRunItemChars(region, masses) : 0;
  const regionLeft = (masses.get(region)?.chars ?? 0) - pruneBoilerplate(region, masses);
  removeRepeatedBlocks(region);
  const regionHtml = region.innerHTML;
  const article = extractMainContent(document);
  const share = hints.discussion ? DISCUSSION_READABILITY_SHARE : READABILITY_SHARE;
  const articleChars = article ? visibleChars(article) : 0;
  if (article && articleChars >= share * regionLeft && articleChars > postChars) {
    pruneArticle(article);
    removeRepeatedBlocks(article);
    return article.innerHTML;
  }
  // Pruning may leave a region of nothing but named furniture empty; an empty reading is never the answer.
  return regionLeft > 0 ? regionHtml : article?.innerHTML;
}
