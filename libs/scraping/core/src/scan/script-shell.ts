import type { HtmlVisitor, TagAttributes } from './html-scan';

/** Below this much visible text, a page that runs scripts is taken to be a shell its scripts fill in. */
const MIN_STATIC_TEXT_CHARS = 200;
const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg']);
/** Script elements that carry data (JSON-LD, JSON islands) rather than code: a short product page is no app shell. */
const DATA_SCRIPT_TYPE = /json\s*$/i;

/**
 * Reads, during the conversion's one streaming pass, whether HTML fetched without a browser looks like an unrendered
 * script-driven page: it runs scripts (data such as JSON-LD does not count) and has next to no visible text (an app
 * shell such as `<div id="root"></div>`). Listening to the pass the page is parsed in anyway spares the worker a
 * parse of its own before every conversion, which on a 100 KB page with its head full of inline CSS and SVG cost
 * about 2 ms.
 */
export class ScriptShellProbe implements HtmlVisitor {
  private scripts = 0;
  private visibleChars = 0;
  private invisibleDepth = 0;

  openTag(name: string, attributes: TagAttributes): void {
    if (name === 'script' && !DATA_SCRIPT_TYPE.test(attributes.type ?? '')) this.scripts += 1;
    if (INVISIBLE.has(name)) this.invisibleDepth += 1;
  }

  closeTag(name: string): void {
    if (INVISIBLE.has(name)) this.invisibleDepth = Math.max(0, this.invisibleDepth - 1);
  }

  text(text: string): void {
    // Past the threshold the answer is settled: the rest of a page with content costs no trimming.
    if (this.invisibleDepth === 0 && this.visibleChars < MIN_STATIC_TEXT_CHARS) this.visibleChars += text.trim().length;
  }

  /** Whether the page scanned looks unrendered. */
  result(): boolean {
    return this.scripts > 0 && this.visibleChars < MIN_STATIC_TEXT_CHARS;
  }
}
