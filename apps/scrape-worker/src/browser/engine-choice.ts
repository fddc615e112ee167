import { Parser } from 'htmlparser2';
import type { ResolvedScrapeOptions } from '@wh/contracts';

/** Below this much visible text, a page that runs scripts is taken to be a shell its scripts fill in. */
const MIN_STATIC_TEXT_CHARS = 200;
const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg']);
const SCAN_PIECE_CHARS = 4096;
/** Script elements that carry data (JSON-LD, JSON islands) rather than code: a short product page is no app shell. */
const DATA_SCRIPT_TYPE = /json\s*$/i;

/** The options of a request that only a browser can honour. */
export function browserReasons(options: ResolvedScrapeOptions): string[] {
  const reasons: string[] = [];
  if (options.screenshot) reasons.push('screenshot');
  if (options.actions?.length) reasons.push('actions');
  if (options.waitFor) reasons.push('waitFor');
  if (options.mobile) reasons.push('mobile');
  if (options.location) reasons.push('location');
  if (options.branding) reasons.push('branding');
  return reasons;
}

/**
 * Whether HTML fetched without a browser looks like an unrendered script-driven page: it runs scripts (data such as
 * JSON-LD does not count) and has next to no visible text (an app shell such as `<div id="root"></div>`). Runs on the
 * worker's event loop before every HTML conversion, so it reads the page in pieces and stops as soon as the visible text settles the answer,
 * which on a page with content is within its first few kilobytes.
 */
export function looksUnrendered(html: string): boolean {
  let scripts = 0;
  let visibleChars = 0;
  let invisibleDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && !DATA_SCRIPT_TYPE.test(attributes.type ?? '')) scripts += 1;
        if (INVISIBLE.has(name)) invisibleDepth += 1;
      },
      onclosetag(name) {
        if (INVISIBLE.has(name)) invisibleDepth = Math.max(0, invisibleDepth - 1);
      },
      ontext(text) {
        if (invisibleDepth === 0) visibleChars += text.trim().length;
      },
    },
    { decodeEntities: true },
  );
  for (let offset = 0; offset < html.length && visibleChars < MIN_STATIC_TEXT_CHARS; offset += SCAN_PIECE_CHARS) {
    parser.write(html.slice(offset, offset + SCAN_PIECE_CHARS));
  }
  parser.end();
  return scripts > 0 && visibleChars < MIN_STATIC_TEXT_CHARS;
}
