import { removeShortNotices, type ShortNoticeKind } from './short-notices';

// A line that credits the people behind the story rather than saying anything of it: "Written by Jane Doe", "Reviewed
// by: Brian Stormont, CFP", "Medically reviewed by ...", "Edited by G Eysenbach; submitted 04.04.19; peer-reviewed
// by ...". A line that goes on with an article or a pronoun ("Written by the author of ...", "Edited by our team") is
// a sentence of the story about someone else's work.
const CREDIT_LINE =
  /^\W*(?:medically |expertly )?(?:written|reviewed|fact[- ]checked|edited)(?: and fact[- ]checked)? by\b:?\s*(?!the\b|a\b|an\b|our\b|this\b)\w/i;
const BY_WORD = /\bby\b/i;
// A credit is a name or a few, with their titles; a longer block that opens so is a paragraph of the story.
const MAX_CREDIT_CHARS = 200;
const CREDIT: ShortNoticeKind = {
  word: BY_WORD,
  inText: BY_WORD,
  blocks: new Set(['p', 'div', 'li', 'span']),
  maxChars: MAX_CREDIT_CHARS,
  isNotice: (text) => CREDIT_LINE.test(text),
};

/** Removes from an article's `content` the short lines that credit its writers, editors and reviewers. */
export function removeCreditLines(content: Element): void {
  removeShortNotices(content, CREDIT);
}
