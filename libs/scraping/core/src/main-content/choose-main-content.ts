import { compactText, type TextMasses } from '../dom/text-measure';
import { findContentRegion, largestRunItemChars, mainLandmark, measureText } from './content-region';
import { removeClosingSections, restoreDroppedSections } from './dropped-sections';
import { markedQuestionText, removeAfterLastAnswer } from './heuristics/discussion-page';
import { removeLinkRails } from './heuristics/link-rails';
import { removeOtherProductSections } from './heuristics/product-page';
import { removePromotionalSections } from './heuristics/promotional-sections';
import { removeRepeatedBlocks } from './heuristics/repeated-blocks';
import { removeSignUpBoxes } from './heuristics/sign-up-box';
import { removeSkipLinks } from './heuristics/skip-links';
import { removeStrayLabels } from './heuristics/stray-labels';
import { removeTrailingHeadings } from './heuristics/trailing-headings';
import { removeWriterBios } from './heuristics/writer-bio';
import { removeContributorNotes } from './heuristics/contributor-note';
import { removeDeclaredWriterNotes } from './heuristics/declared-writer';
import { removeAffiliateDisclosures } from './heuristics/affiliate-disclosure';
import { removeActionLinks } from './heuristics/action-links';
import { removeAuthorBoxes } from './heuristics/author-box';
import { removeStoryDatelines } from './heuristics/story-dateline';
import { removeReadingTimes } from './heuristics/reading-time';
import { removePictureCredits } from './heuristics/picture-credit';
import { removePictureCaptions } from './heuristics/picture-captions';
import { removeNamedDisclaimers } from './heuristics/named-disclaimers';
import { removeInPageContents } from './heuristics/in-page-contents';
import { removeCookieNotices } from './heuristics/cookie-notice';
import { removeLegalNotices } from './heuristics/legal-notice';
import { removeNewsletterPitches } from './heuristics/newsletter-pitch';
import { removeSocialFollowPitches } from './heuristics/social-follow';
import { removeEmbeddedPosts } from './heuristics/embedded-posts';
import { removeGuestNotices } from './heuristics/guest-notice';
import { removeConsentNotices } from './heuristics/consent-notice';
import { removeTitleHeading } from './heuristics/title-heading';
import { removeByline } from './heuristics/byline';
import { removeCreditLines } from './heuristics/credit-lines';
import { readabilityArticle } from './main-content';
import { pruneArticle, pruneBoilerplate } from './prune-boilerplate';
import { liesOutsideRegion, precedesRegion } from './separate-readings';

// Readability's article wins when it holds at least this share of the text the text-dense region keeps once its
// furniture is pruned: it is then the same content, cleaned of what sits between the blocks. Below it, Readability
// kept one block of many, and dropped sections, link cards and short blocks that were the page's content.
const READABILITY_SHARE = 0.7;
// On a page that declares itself a discussion, what Readability leaves out of the region is mostly the posts'
// furniture (votes, tools, poster cards), so its reading of the thread wins with less of the region's text.
const DISCUSSION_READABILITY_SHARE = 0.6;
// A region that is itself a list keeps its items' numbering (and a definition list its terms' pairing) in its own
// element. A table region is left as its rows: a table holding most of a page's text often lays the page out, and its
// columns read better as blocks than as a grid of whole columns.
const LIST_REGIONS = new Set(['ol', 'ul', 'dl']);

/** What is known of the page before its main content is chosen. */
export interface MainContentHints {
  /** The page declares itself a forum thread or a question with its answers (schema.org). */
  discussion: boolean;
  /** The page declares a product for sale (schema.org). */
  product: boolean;
  /** The page declares itself an article, or reads as one (heuristics/article-page.ts). */
  article: boolean;
  /**
   * The page's Open Graph type is "article" and it carries no other mark of a story. SEO plugins write that type on
   * plain pages too, so it tells an article only once Readability's reading of the page has won against the region.
   */
  openGraphArticle?: boolean;
  /** The page's URL, which tells links to the site's other pages. */
  pageUrl: string;
  /** The names of the article's writers as the page declares them (heuristics/declared-writer.ts), if any. */
  writers?: readonly string[];
  /** The page's titles: its `<title>` and its Open Graph title, where it has them. */
  titles?: readonly string[];
}

/**
 * What goes from the reading taken once both have been weighed, so that neither is weighed differently for it:
 * sections headed as recommendations or calls to the reader, pictures' credits, an article's notes about its writer
 * and its contributors, its list of sources, its tables of contents, its newsletter pitches and its asks to follow it
 * elsewhere, the social networks' posts embedded in it, the heading that repeats its title, its byline and its lines
 * crediting its writers and reviewers, skip links, notices to readers who are not signed in, the fine print binding
 * them to the site's terms, links drawn as buttons on lines of their own, stray labels (ad slots', dead controls'), and
 * the headings left with nothing under them at its end.
 */
function removeLeftovers(content: Element, hints: MainContentHints): void {
  removePromotionalSections(content, hints.article);
  // Before an article's datelines are counted: a credit is no dateline of the story.
  removePictureCredits(content);
  if (hints.article) {
    removePictureCaptions(content);
    removeInPageContents(content, hints.pageUrl);
    removeWriterBios(content);
    removeContributorNotes(content);
    removeDeclaredWriterNotes(content, hints.writers ?? []);
    removeAffiliateDisclosures(content);
    removeNamedDisclaimers(content);
    // Before the datelines: a date that shared a line with the byline is then a line of its own.
    removeByline(content);
    removeCreditLines(content);
    removeStoryDatelines(content);
    removeNewsletterPitches(content);
    removeSocialFollowPitches(content);
    removeEmbeddedPosts(content);
    removeTitleHeading(content, hints.titles ?? []);
  }
  // After an article's datelines, which take a reading time with the date it shares a line with.
  removeReadingTimes(content);
  removeSkipLinks(content);
  removeCookieNotices(content);
  removeLegalNotices(content);
  removeGuestNotices(content);
  removeConsentNotices(content);
  removeActionLinks(content);
  removeStrayLabels(content);
  removeTrailingHeadings(content);
}

/**
 * The main content of a `parseDocument` document as HTML, or undefined when nothing is worth keeping. Two readings
 * compete: Readability's article, right on articles, and the text-dense region, right on pages made of many blocks
 * (threads, listings, product pages). The region is taken before Readability, which rewrites the document. On a
 * discussion the region keeps a thread's posts together, and an article no larger than one post is that post; on a
 * question marked up with its answers it keeps the question, and ends with the last answer. When the region wins but
 * Readability took its article from elsewhere in the page, each found one block of the content (a catalogue's
 * description beside its grid), and both are kept in the page's order; when it wins on an article and holds
 * Readability's, it loses the small sections after the last of that article's text, which the article would not have
 * got back either (dropped-sections.ts). On an article, the rails of links to the site's
 * other stories (heuristics/link-rails.ts) go from the region before it is weighed, so that its link cards neither
 * outweigh the story nor come back into Readability's article, and from the article taken. Sign-up boxes go from the
 * document before either reading is taken, and on an article so do the boxes named as about its writer; on a product
 * page, the sections headed as other products or as reviews go from the reading taken. A page that only Open Graph
 * calls an article is cleaned as one when Readability's reading of it wins.
 */
export function chooseMainContent(document: Document, hints: MainContentHints): string | undefined {
  removeSignUpBoxes(document.body);
  if (hints.article) removeAuthorBoxes(document.body);
  const masses: TextMasses = new Map();
  const landmarks: Element[] = [];
  const pageChars = measureText(document.body, masses, landmarks).chars;
  const question = hints.discussion ? markedQuestionText(document.body) : undefined;
  const root = mainLandmark(landmarks, masses, pageChars) ?? document.body;
  const region = findContentRegion(root, masses, hints.discussion, question);
  const postChars = hints.discussion ? largestRunItemChars(region, masses) : 0;
  let regionLeft = (masses.get(region)?.chars ?? 0) - pruneBoilerplate(region, masses);
  if (hints.article) regionLeft -= removeLinkRails(region, hints.pageUrl, masses);
  removeRepeatedBlocks(region, !hints.product);
  if (question) removeAfterLastAnswer(region);
  if (hints.product) removeOtherProductSections(region);
  // Readability rewrites the document: the region is read from a copy.
  const regionCopy = region.cloneNode(true) as Element;
  const pageText = compactText(document.body.textContent ?? '');
  const reading = readabilityArticle(document, { takeByline: hints.article });
  const article = reading?.content;
  const share = hints.discussion ? DISCUSSION_READABILITY_SHARE : READABILITY_SHARE;
  const articleChars = reading?.chars ?? 0;
  if (article && articleChars >= share * regionLeft && articleChars > postChars) {
    return cleanedArticle(article, hints.openGraphArticle ? { ...hints, article: true } : hints, regionCopy);
  }
  // Pruning may leave a region of nothing but named furniture empty; an empty reading is never the answer.
  if (regionLeft <= 0) return article?.innerHTML;
  const regionText = compactText(regionCopy.textContent ?? '');
  const outside = article !== undefined && liesOutsideRegion(article, regionText);
  if (hints.article && article && !outside) removeClosingSections(regionCopy, article);
  removeLeftovers(regionCopy, hints);
  const regionHtml = serialisedRegion(regionCopy);
  if (!article || !outside) return regionHtml;
  // Each reading found another block of the page (a catalogue's description and its grid): both are its content.
  const articleHtml = cleanedArticle(article, hints);
  return precedesRegion(article, regionText, pageText) ? articleHtml + regionHtml : regionHtml + articleHtml;
}

/** The region as HTML: its children, or the region itself when it is a list, whose items alone lose their numbers. */
function serialisedRegion(region: Element): string {
  return LIST_REGIONS.has(region.localName) ? region.outerHTML : region.innerHTML;
}

/**
 * Readability's article pruned of what it kept of the page's furniture and leftovers; when it won against the region
 * (a copy of the region given), with the region's sections it dropped whole put back first (on an article, not the
 * small ones after its last text: dropped-sections.ts).
 */
function cleanedArticle(article: Element, hints: MainContentHints, region?: Element): string {
  const pruned = pruneArticle(article);
  if (hints.article) removeLinkRails(pruned.content, hints.pageUrl, pruned.masses);
  removeRepeatedBlocks(article, !hints.product);
  // A thread's posts are alike, and what Readability leaves out between them is the posts' furniture.
  if (region !== undefined && !hints.discussion) restoreDroppedSections(article, region, hints.article);
  if (hints.product) removeOtherProductSections(article);
  removeLeftovers(article, hints);
  return article.innerHTML;
}
