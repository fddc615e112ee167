import { removeShortNotices, type ShortNoticeKind } from './short-notices';

// The line a story's site prints to sell its newsletter: "The best of the Times, delivered to your inbox every
// morning", "Want more? Sign up for our newsletter, The Selection", "Like this article? Subscribe to our blog". It
// speaks of the site's mail, not of the story. On a service's page the same line describes what the service sends and
// its truths keep it, so the rule reads articles only.
const PITCH =
  /\b(?:delivered|sent|straight|directly|right) (?:(?:right|straight|directly) )?(?:to|in|into) your (?:email )?inbox\b|\bsign[- ]?up (?:for|to) (?:our|the)\b[^.!?]{0,40}\bnewsletter\b|\bsubscribe to our (?:blog|newsletter)\b/i;
// A word every such pitch holds, looked for in each text first: most texts hold none, and then no block is read.
const PITCH_WORD = /inbox|newsletter|subscribe to our/i;
// A pitch of a sentence or two; a longer paragraph that mentions an inbox is the story's own text.
const MAX_PITCH_CHARS = 300;
const NEWSLETTER_PITCH: ShortNoticeKind = {
  word: PITCH_WORD,
  inText: PITCH_WORD,
  blocks: new Set(['p', 'div', 'li', 'section', 'aside']),
  maxChars: MAX_PITCH_CHARS,
  isNotice: (text) => PITCH.test(text),
};

/** Removes from an article's `content` the short blocks that pitch the site's newsletter. */
export function removeNewsletterPitches(content: Element): void {
  removeShortNotices(content, NEWSLETTER_PITCH);
}
