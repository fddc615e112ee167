/**
 * The comparison rule behind `changeStatus`. Two versions are the `same` when, line by line, they hold the same
 * text once each line is normalised:
 * - whitespace: runs of spaces, tabs and blank lines count as one space, and lines are trimmed;
 * - order: the lines are compared as a multiset, so content that only moved (a shuffled list, a rotated teaser)
 *   is not a change;
 * - volatile values: what a page rewrites on every load is masked: dates and times (ISO, numeric, with month names),
 *   relative times ("5 minutes ago", "just now"), counters next to views/visits/likes/comments/shares/downloads/
 *   online/watching, copyright years, and cache-busting or CSRF-like tokens (long letter-and-digit runs, UUIDs,
 *   `token`/`csrf`/`nonce`/`sig` query values).
 * Prices, stock counts, names and every other number stay as they are: those are what monitors watch. Only the
 * status uses this; the diff always shows the real text.
 */

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const WEEKDAY = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?';

/** Ordered: a full timestamp is masked before its date or time alone could be. */
const VOLATILE: readonly [RegExp, string][] = [
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?/gi, '<date>'],
  [new RegExp(`\\b(?:${WEEKDAY}\\s+)?\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\.?,?\\s+\\d{4}\\b`, 'gi'), '<date>'],
  [new RegExp(`\\b(?:${WEEKDAY}\\s+)?${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`, 'gi'), '<date>'],
  // Dotted dates only with a four-digit year: "1.10.2" is a version number, and a new version is a change.
  [/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{1,2}\.\d{1,2}\.\d{4}\b/g, '<date>'],
  [/\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?/gi, '<time>'],
  [/\b(?:\d+|an?|one|few)\s+(?:sec(?:ond)?|min(?:ute)?|h(?:ou)?r|day|week|month|year)s?\s+ago\b/gi, '<ago>'],
  [/\b(?:just now|moments? ago|yesterday|today)\b/gi, '<ago>'],
  [
    /\b\d[\d,.\s]*[kmb]?\s*(?:views?|visits?|visitors?|reads?|likes?|comments?|shares?|downloads?|online|watching|followers?)\b/gi,
    '<count>',
  ],
  [/\b(?:views?|visits?|visitors?|likes?|downloads?)\s*:?\s*\d[\d,.]*[kmb]?\b/gi, '<count>'],
  [/(?:©|\(c\)|copyright)\s*(?:\d{4}\s*[-–]\s*)?\d{4}/gi, '© <year>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<token>'],
  [/([?&;](?:csrf[a-z_]*|xsrf[a-z_]*|token|nonce|sig|signature|_|cb|ts)=)[^&)\s"']+/gi, '$1<token>'],
  // Letters and digits only: slugs (hyphens), snake_case names and URL paths are content, not tokens.
  [/\b(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{24,}\b/g, '<token>'],
];

/** One line as compared: volatile values masked, whitespace collapsed. */
export function normaliseLine(line: string): string {
  let normalised = line;
  for (const [pattern, mask] of VOLATILE) normalised = normalised.replace(pattern, mask);
  return collapse(normalised);
}

function collapse(line: string): string {
  return line.replace(/\s+/g, ' ').trim();
}

/** How many times each non-blank line occurs, whitespace collapsed. */
function lineCounts(markdown: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const raw of markdown.split('\n')) {
    const line = collapse(raw);
    if (line !== '') counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return counts;
}

/** The lines of `counts` beyond those of `other` (a multiset difference), volatile values masked, sorted. */
function leftOver(counts: Map<string, number>, other: Map<string, number>): string[] {
  const lines: string[] = [];
  for (const [line, count] of counts) {
    const extra = count - (other.get(line) ?? 0);
    for (let i = 0; i < extra; i += 1) lines.push(normaliseLine(line));
  }
  return lines.sort();
}

/**
 * Whether two versions of a page differ by the rule above. Lines the two versions share are equal however they are
 * normalised, so only the lines one version has beyond the other are masked and compared: on an unchanged reload that
 * is a handful of lines, not the page.
 */
export function contentChanged(previous: string, current: string): boolean {
  if (previous === current) return false;
  const before = lineCounts(previous);
  const after = lineCounts(current);
  const removed = leftOver(before, after);
  const added = leftOver(after, before);
  return removed.length !== added.length || removed.some((line, index) => line !== added[index]);
}
