import { removeShortNotices, type ShortNoticeKind } from './short-notices';

// The line a story's site prints to sell its newsletter or a subscription: "The best of the Times, delivered to your
// inbox every morning", "Want more? Sign up for our newsletter, The Selection", "Like this article? Subscribe to our
// blog", "This article is exclusive to STAT+ subscribers", "Consider supporting our journalism by subscribing". It
// speaks of the site's mail or its paywall, not of the story. On a service's page the same line describes what the
// service sends and its truths keep it, so the rule reads articles only.
const PITCH = new RegExp(
  [
    String.raw`\b(?:delivered|sent|straight|directly|right) (?:(?:right|straight|directly) )?(?:to|in|into) your (?:email )?inbox\b`,
    String.raw`\bsign[- ]?up (?:for|to) (?:our|the)\b[^.!?]{0,40}\bnewsletter\b`,
    String.raw`\bsubscribe to our (?:\w+ ){0,2}(?:blog|newsletters?|podcast)\b`,
    String.raw`\bsupport\w* [^.!?]{0,60}\bby subscribing\b`,
    String.raw`\bbecome an? (?:paid )?subscriber\b|\bbecome a paid member\b`,
    String.raw`\bwhen you subscribe\b|\bsubscribe (?:to|and) (?:get|unlock|continue|keep)\b`,
    String.raw`\bexclusive to [^.!?]{0,30}\bsubscribers\b|\bunlock this (?:article|story)\b`,
  ].join('|'),
  'i',
);
// A word every such pitch holds, looked for in each text first: most texts hold none, and then no block is read.
const PITCH_WORD = /inbox|newsletter|subscri|unlock this/i;
// A pitch of a sentence or two; a longer paragraph that mentions an inbox is the story's own text.
const MAX_PITCH_CHARS = 300;
const NEWSLETTER_PITCH: ShortNoticeKind = {
  word: PITCH_WORD,
  inText: PITCH_WORD,
  blocks: new Set(['p', 'div', 'li', 'section', 'aside']),
  maxChars: MAX_PITCH_CHARS,
  isNotice: (text) => PITCH.test(text),
};

/** Removes from an article's `content` the short blocks that pitch the site's newsletter or a subscription to it. */
export function removeNewsletterPitches(content: Element): void {
  removeShortNotices(content, NEWSLETTER_PITCH);
}
