import { HEADING_TAGS } from '../../scan/heading-tags';
import { removeShortNotices, type ShortNoticeKind } from './short-notices';

// What a forum prints for a reader who is not signed in, in place of the reply box: "Create an account or sign in to
// comment", "Please create an account or log in to access all these features", "You're browsing the boards as a
// guest. Sign Up for free (or Log In if you already have an account) to be able to post messages". It offers both
// doors to the site's accounts in one sentence; a guide's step ("Log in to your console") names one.
const GUEST_NOTICE =
  /\b(?:sign ?up|register|create an account)\b[^.!?]{0,40}\bor\b[^.!?]{0,30}\b(?:log|sign) ?in\b|\b(?:log|sign) ?in\b[^.!?]{0,10} or (?:sign ?up|register|create an account)\b/i;
// Looked for in each text first: most texts hold no such word, and then no block is read.
const SIGN_IN_WORD = /\b(?:log|sign) ?in\b/i;
// A notice of a sentence or two; a longer block that speaks of signing in is a guide's or a thread's own text.
const MAX_NOTICE_CHARS = 300;
const GUEST_NOTICE_KIND: ShortNoticeKind = {
  word: SIGN_IN_WORD,
  inText: /sign|log|register|account/i,
  blocks: new Set(['p', 'div', 'li', 'section', ...HEADING_TAGS]),
  maxChars: MAX_NOTICE_CHARS,
  isNotice: (text) => GUEST_NOTICE.test(text),
};

/** Removes from `content` the short blocks that ask a reader who is not signed in to sign up or sign in. */
export function removeGuestNotices(content: Element): void {
  removeShortNotices(content, GUEST_NOTICE_KIND);
}
