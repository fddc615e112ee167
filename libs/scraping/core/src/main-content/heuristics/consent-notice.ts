import { removeShortNotices, type ShortNoticeKind } from './short-notices';

// The fine print a form or an embed prints under its button, whose form or player went with the page's scripts: "By
// posting a comment, you consent to have your personally identifiable information collected...", "By clicking "Start
// Now!" you accept our Terms and Conditions", "By signing up, you agree to receive recurring automated SMS marketing
// messages", "By clicking to watch this video, you agree to our privacy policy". It opens on the act and then binds
// the reader to the site's terms (a button's name in between may end with "!"); a sentence of a story or a guide that
// says as much further on stays.
const CONSENT_LINE =
  /^by (?:clicking|tapping|pressing|posting|submitting|signing up|subscribing|registering|continuing|checking|sending|creating|entering|providing)\b[^.?]{0,120}?\byou(?:['’]re| are)? (?:agree|accept|consent|acknowledge)/i;
// Looked for in each text first: most texts hold no such words, and then no block is read.
const CONSENT_WORD =
  /\bby (?:click|tapp|press|post|submitt|sign|subscrib|regist|continu|check|send|creat|enter|provid)/i;
// A line or two of fine print; a longer block opening so is a policy's own text.
const MAX_NOTICE_CHARS = 400;
const CONSENT_NOTICE: ShortNoticeKind = {
  word: CONSENT_WORD,
  inText: CONSENT_WORD,
  blocks: new Set(['p', 'div', 'li', 'small', 'label']),
  maxChars: MAX_NOTICE_CHARS,
  isNotice: (text) => CONSENT_LINE.test(text),
};

/** Removes from `content` the fine print of forms and embeds that binds the reader to the site's terms. */
export function removeConsentNotices(content: Element): void {
  removeShortNotices(content, CONSENT_NOTICE);
}
