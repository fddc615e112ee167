import type { TagAttributes } from './html-scan';

/**
 * A test of whether a page declares one of the schema.org `types`, as a JSON-LD `@type` or a microdata `itemtype`. It
 * reads the page's HTML as it came, before any parsing: what the page says it is decides how it is read.
 */
export function schemaTypeDeclaration(types: readonly string[]): (html: string) => boolean {
  const names = types.join('|');
  const jsonLd = new RegExp(String.raw`"@type"\s*:\s*\[?\s*"(?:https?:\/\/schema\.org\/)?(?:${names})"`);
  const microdata = new RegExp(String.raw`itemtype\s*=\s*["']?https?:\/\/schema\.org\/(?:${names})\b`, 'i');
  return (html) => jsonLd.test(html) || microdata.test(html);
}

// A question and its answers are the content of a question-and-answer page; the comments under each are remarks on
// them (clarifications, thanks, links to duplicates), which readers of the page take for its margin. The tests below
// read an element's microdata from its attributes, for the stripper while streaming and for the main content's rules
// on the DOM alike (main-content/heuristics/discussion-page.ts).
const SCHEMA_ORG_TYPE = /^https?:\/\/schema\.org\/(\w+)$/i;
/** An `itemprop` naming the `text` property, which holds a post's text. */
export const TEXT_PROPERTY = /(?:^|\s)text(?:\s|$)/;

/** The schema.org type an `itemtype` names ("Question"), lower-cased, or undefined. */
export function schemaType(itemtype: string | null | undefined): string | undefined {
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
