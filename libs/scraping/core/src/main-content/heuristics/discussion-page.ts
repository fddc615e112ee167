import { elementsUnder, nodesFrom } from '../../dom/dom-walk';
import { schemaType, schemaTypeDeclaration, TEXT_PROPERTY } from '../../scan/schema-org';

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
  const lastAnswer = elementsUnder(region).findLast(
    (element) => schemaType(element.getAttribute('itemtype')) === 'answer',
  );
  if (!lastAnswer) return;
  for (const node of nodesFrom(lastAnswer, undefined, region).slice(1)) node.parentNode?.removeChild(node);
}
