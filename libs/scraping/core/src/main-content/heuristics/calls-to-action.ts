import { elementsUnder } from '../../dom/dom-walk';
import { compactText } from '../../dom/text-measure';

// Blocks of one line or a few that hold no other block: where a call to the reader, a cookie notice or a pitch for
// the newsletter stands alone.
const LINE_BLOCKS = new Set(['p', 'div', 'li', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BLOCK_CHILDREN = new Set([
  'p',
  'div',
  'ul',
  'ol',
  'li',
  'table',
  'section',
  'article',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);
// A link that is the whole of its line and asks the reader to act rather than to read on: book, request, contact,
// sign up, subscribe, log in, start a trial. "Get started" and "Get a quote" are left: service pages' truths keep them
// as the offer itself (2841, 4911).
const CALL_TO_ACTION =
  /^(?:book (?:a|your) (?:free )?(?:demo|call|consultation|lesson|appointment)|request (?:a|your) (?:free )?(?:quote|demo|call|consultation)|contact us(?: today| now)?|get in touch|sign up(?: (?:for free|now|today))?|subscribe(?: now| today)?|register(?: now| for free)?|log ?in|sign in|start (?:your |a )?free trial|try (?:it )?(?:for )?free)[\s!.»›→]*$/i;
// What a cookie banner says, once its buttons are gone.
const COOKIE_NOTICE = /\b(?:(?:this|our) (?:web)?site uses cookies|we use cookies)\b/i;
const MAX_COOKIE_NOTICE_CHARS = 500;
// A pitch for the site's newsletter in a line of its own ("Want more? Sign up for our newsletter").
const NEWSLETTER_PITCH =
  /\b(?:sign up|subscribe|join|register) (?:for|to) (?:our|the|my) (?:[\w'’-]+ ){0,3}(?:newsletters?|mailing list)\b/i;
const MAX_PITCH_CHARS = 300;
// A line longer than this, spaces and all, is no call to action, and is read only if it mentions cookies or a
// newsletter.
const MAX_CALL_RAW_CHARS = 200;
const MENTIONS_COOKIES_OR_NEWSLETTER = /cookies|newsletter|mailing list/i;

/** Whether `element` holds a block of its own: it is then judged by its blocks, not as one line. */
function holdsBlocks(element: Element): boolean {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    if (BLOCK_CHILDREN.has(child.localName)) return true;
  }
  return false;
}

/** Whether the line's whole text is one link (or no link) saying a call to action. */
function isCallToAction(line: Element, text: string): boolean {
  if (!CALL_TO_ACTION.test(text)) return false;
  const links = line.getElementsByTagName('a');
  return line.localName === 'a' || links.length <= 1;
}

/**
 * Removes from `content` the lines that ask the reader to act instead of saying something: a call to action standing
 * alone ("Book a demo", "Get in touch", "Subscribe"), what is left of a cookie banner, a pitch for the newsletter.
 */
export function removeCallsToAction(content: Element): void {
  for (const line of elementsUnder(content)) {
    if (!LINE_BLOCKS.has(line.localName) || holdsBlocks(line)) continue;
    const raw = line.textContent ?? '';
    // Most lines are prose: too long for a call to action and silent on cookies and newsletters.
    if (raw.length > MAX_CALL_RAW_CHARS && !MENTIONS_COOKIES_OR_NEWSLETTER.test(raw)) continue;
    if (!content.contains(line)) continue;
    const text = raw.replace(/\s+/g, ' ').trim();
    const chars = compactText(text).length;
    if (chars === 0) continue;
    if (
      isCallToAction(line, text) ||
      (chars <= MAX_COOKIE_NOTICE_CHARS && COOKIE_NOTICE.test(text)) ||
      (chars <= MAX_PITCH_CHARS && NEWSLETTER_PITCH.test(text))
    ) {
      line.remove();
    }
  }
}
