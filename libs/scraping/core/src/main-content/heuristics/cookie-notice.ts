import { removeShortNotices, type ShortNoticeKind } from './short-notices';

// What a consent banner's scripts would have taken away once the reader answered it: "This website uses cookies to
// improve your experience", "We use cookies on our website...", "The store will not work correctly when cookies are
// disabled", "With our cookies we would like to offer you...". Its first sentence says that the site uses cookies or
// needs them; a story that mentions cookies, or a service that boasts of using none, says something else first.
const NOTICE_OPENING =
  /\b(?:we|(?:this|our|the) (?:web)?site|the store)\b[^.!?]*\b(?:use|uses|using)\b[^.!?]{0,30}\bcookies\b|\bcookies are (?:disabled|blocked|turned off)\b|^with our cookies\b/i;
const FIRST_SENTENCE = /^[^.!?]*[.!?]?/;
// Looked for in each text first: most texts hold no such word, and then no block is read.
const COOKIE_WORD = /cookies/i;
// A banner of a few sentences with its buttons; a longer block that speaks of cookies is a policy or a story.
const MAX_NOTICE_CHARS = 600;
const COOKIE_NOTICE: ShortNoticeKind = {
  word: COOKIE_WORD,
  inText: COOKIE_WORD,
  blocks: new Set(['p', 'div', 'li', 'section', 'aside']),
  maxChars: MAX_NOTICE_CHARS,
  isNotice: (text) => NOTICE_OPENING.test(FIRST_SENTENCE.exec(text)?.[0] ?? ''),
};

/** Removes from `content` the blocks left of a cookie-consent banner: a short block opening on the site's cookies. */
export function removeCookieNotices(content: Element): void {
  removeShortNotices(content, COOKIE_NOTICE);
}
