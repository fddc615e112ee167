import { Parser } from 'htmlparser2';

// Cheap test that lets the vast majority of pages, which have no <base>, skip the second pass entirely.
const MAY_HAVE_BASE = /<base[\s/>]/i;

/**
 * The URL relative references in `html` resolve against: the first `<base href>` (itself resolved against the page
 * URL), else the page URL. Found before the main pass because a base element applies to links that precede it.
 */
export function documentBaseUrl(html: string, pageUrl: string): string {
  if (!MAY_HAVE_BASE.test(html)) return pageUrl;
  let href: string | undefined;
  // A real tokeniser, not a regex, so a "<base" inside a script, comment or attribute is not mistaken for one.
  const parser: Parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'base' && attributes.href !== undefined && href === undefined) {
        href = attributes.href;
        parser.pause();
      }
    },
  });
  parser.end(html);
  return (href !== undefined && resolveUrl(href, pageUrl)) || pageUrl;
}

/** Absolute form of `reference`, or undefined when it cannot be resolved. */
export function resolveUrl(reference: string, base: string): string | undefined {
  try {
    return new URL(reference.trim(), base).href;
  } catch {
    return undefined;
  }
}
