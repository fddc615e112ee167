import { removeShortNotices, type ShortNoticeKind } from './short-notices';

// The note a site prints on each of its stories that earns on links: "This post contains affiliate links", "we may
// earn a commission", "Advertiser Disclosure". It says how the site is paid, not what the story says.
const DISCLOSURE =
  /^(?:(?:advertiser|affiliate) disclosure$|(?:(?:editorial )?(?:disclosure|disclaimer|note)\s*:\s*)?(?:this (?:post|article|page|website|site)|some (?:of (?:my|our) )?posts|we|i)? ?(?:may )?(?:contains?|uses?)(?: some)? affiliate links)|\b(?:may|might|will|could) (?:earn|receive|make) (?:a |an )?(?:small )?(?:affiliate )?commission/i;
// A word every such note holds, looked for in each text first: most texts hold none, and then no block is read.
const NOTE_WORD = /affiliate|commission|disclosure/i;
// A note of a sentence or three; a longer paragraph that mentions commissions is the story's own text.
const MAX_NOTE_CHARS = 450;
const AFFILIATE_DISCLOSURE: ShortNoticeKind = {
  word: NOTE_WORD,
  inText: NOTE_WORD,
  blocks: new Set(['p', 'div']),
  maxChars: MAX_NOTE_CHARS,
  isNotice: (text) => DISCLOSURE.test(text),
};

/** Removes from an article's `content` the paragraphs that disclose affiliate links or commissions. */
export function removeAffiliateDisclosures(content: Element): void {
  removeShortNotices(content, AFFILIATE_DISCLOSURE);
}
