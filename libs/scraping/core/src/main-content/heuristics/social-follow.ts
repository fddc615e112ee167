import { removeShortNotices, type ShortNoticeKind } from './short-notices';

// The line a writer or a site closes a story with to win followers: "Follow me on Instagram for more recipes", "Want
// more projects? Follow me on Pinterest", "Be sure to follow us on social media". It asks the reader to go elsewhere,
// and says nothing of the story.
const FOLLOW_PITCH =
  /\bfollow (?:me|us|along)\b[^.!?]{0,20}\b(?:on|at|via)\b[^.!?]{0,40}\b(?:instagram|pinterest|facebook|twitter|x|tiktok|youtube|linkedin|threads|bluesky|mastodon|social(?: media)?)\b/i;
const FOLLOW_WORD = /follow/i;
// A pitch of a sentence or two; a longer paragraph that mentions following someone is the story's own text.
const MAX_PITCH_CHARS = 300;
const SOCIAL_FOLLOW_PITCH: ShortNoticeKind = {
  word: FOLLOW_WORD,
  inText: FOLLOW_WORD,
  blocks: new Set(['p', 'div', 'li', 'section', 'aside']),
  maxChars: MAX_PITCH_CHARS,
  isNotice: (text) => FOLLOW_PITCH.test(text),
};

/** Removes from an article's `content` the short blocks that ask the reader to follow its writer or site elsewhere. */
export function removeSocialFollowPitches(content: Element): void {
  removeShortNotices(content, SOCIAL_FOLLOW_PITCH);
}
