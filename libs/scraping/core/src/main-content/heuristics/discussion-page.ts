import { elementsUnder, nodesFrom } from '../../dom/dom-walk';
import type { TagAttributes } from '../../scan/html-scan';
import { schemaTypeDeclaration } from '../../scan/schema-org';

// schema.org types of a page that is a discussion: the posts (often in elements classed "comment" or "reply") are its
// content, not the comments under an article.
const declaresDiscussionType = schemaTypeDeclaration(['DiscussionForumPosting', 'QAPage']);
// Posts marked up one by one as comments or answers, without a type for the page: a thread, when there are several.
// An article's comment section marked up this way is rare, and its posts then read as part of the page anyway.
const MICRODATA_POST = /itemtype\s*=\s*["']?https?:\/\/schema\.org\/(?:Comment|Answer)\b/gi;
const MIN_MARKED_POSTS = 3;

function countMarkedPosts(html: string): number {
  MICRODATA_POST.lastIndex = 0;
  let posts = 0;
  while (posts < MIN_MARKED_POSTS && MICRODATA_POST.exec(html)) posts += 1;
  return posts;
}

/**
 * Whether the page declares itself a forum thread or a question with its answers, in JSON-LD or microdata, or marks up
 * several of its posts as comments or answers.
 */
export function declaresDiscussion(html: string): boolean {
  return declaresDiscussionType(html) || countMarkedPosts(html) >= MIN_MARKED_POSTS;
}

// A question and its answers are the content of a question-and-answer page; the comments under each are remarks on
// them (clarifications, thanks, links to duplicates), which readers of the page take for its margin.
const SCHEMA_ORG_TYPE = /^https?:\/\/schema\.org\/(\w+)$/i;
const TEXT_PROPERTY = /(?:^|\s)text(?:\s|$)/;

/** The schema.org type an `itemtype` names ("Question"), lower-cased, or undefined. */
function schemaType(itemtype: string | null | undefined): string | undefined {
  return SCHEMA_ORG_TYPE.exec(itemtype?.trim() ?? '')?.[1].toLowerCase();
}

/** Whether the element is marked up (microdata) as a question or as an answer to one. */
export function marksQuestionOrAnswer(attributes: TagAttributes): boolean {
  const type = schemaType(attributes.itemtype);
  return type === 'question' || type === 'answer';
}

/**
 * The microdata of a question-and-answer page worth keeping in the DOM: the type of a question or an answer, and the
 * `text` property that holds a post's text. Other microdata would only weigh on the DOM.
 */
export function questionAndAnswerMicrodata(attributes: TagAttributes): Record<string, string> {
  const kept: Record<string, string> = {};
  if (marksQuestionOrAnswer(attributes)) kept.itemtype = attributes.itemtype;
  if (TEXT_PROPERTY.test(attributes.itemprop ?? '')) kept.itemprop = 'text';
  return kept;
}

/** Whether the element is marked up (microdata) as a comment. */
export function marksComment(attributes: TagAttributes): boolean {
  return schemaType(attributes.itemtype) === 'comment';
}

/**
 * Whether the element is marked up (microdata) as a count of interactions, a statistic of the post ("7 Likes" under
 * it): likes, replies, views.
 */
export function marksInteractionCount(attributes: TagAttributes): boolean {
  return schemaType(attributes.itemtype) === 'interactioncounter';
}

/**
 * The text of the question (microdata: the `text` property of the item marked up as a question) under `root`: the
 * opening post of a question-and-answer page, which the page's answers may well outweigh.
 */
export function markedQuestionText(root: Element): Element | undefined {
  return elementsUnder(root).find((element) => {
    if (!TEXT_PROPERTY.test(element.getAttribute('itemprop') ?? '')) return false;
    const item = element.parentElement?.closest('[itemtype]');
    return schemaType(item?.getAttribute('itemtype')) === 'question';
  });
}

/**
 * Removes from `region` everything after its last answer (microdata): on a question-and-answer page the answers end
 * the content, and what follows them is the form to answer and the site's prompts to ask or browse.
 */
export function removeAfterLastAnswer(region: Element): void {
  const lastAnswer = elementsUnder(region).findLast((element) => schemaType(element.getAttribute('itemtype')) === 'answer');
  if (!lastAnswer) return;
  for (const node of nodesFrom(lastAnswer, undefined, region).slice(1)) node.parentNode?.removeChild(node);
}
