import { Parser } from 'htmlparser2';
import type { ResolvedScrapeOptions } from '@wh/contracts';

/** Below this much visible text, a page that runs scripts is taken to be a shell its scripts fill in. */
const MIN_STATIC_TEXT_CHARS = 200;
const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg']);

/** The options of a request that only a browser can honour. */
export function browserReasons(options: ResolvedScrapeOptions): string[] {
  const reasons: string[] = [];
  if (options.screenshot) reasons.push('screenshot');
  if (options.actions?.length) reasons.push('actions');
  if (options.waitFor) reasons.push('waitFor');
  if (options.mobile) reasons.push('mobile');
  if (options.location) reasons.push('location');
  return reasons;
}

/**
 * Whether HTML fetched without a browser looks like an unrendered script-driven page: it runs scripts and has
 * next to no visible text (an app shell such as `<div id="root"></div>`).
 */
export function looksUnrendered(html: string): boolean {
  let scripts = 0;
  let visibleChars = 0;
  let invisibleDepth = 0;
  let enoughText = false;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (name === 'script') scripts += 1;
        if (INVISIBLE.has(name)) invisibleDepth += 1;
      },
      onclosetag(name) {
        if (INVISIBLE.has(name)) invisibleDepth = Math.max(0, invisibleDepth - 1);
      },
      ontext(text) {
        if (invisibleDepth > 0) return;
        visibleChars += text.trim().length;
        // Enough text settles it whatever follows; the rest of the page is not read (this runs on the event loop).
        if (visibleChars >= MIN_STATIC_TEXT_CHARS) {
          enoughText = true;
          parser.pause();
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  if (enoughText) return false;
  parser.end();
  return scripts > 0 && !enoughText;
}
