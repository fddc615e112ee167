import { largestShortLineAround, textNodesUnder } from '../../dom/dom-walk';

// A template's estimate of how long the text takes to read, alone on its line: "5 min read", "3 MIN. READ",
// "8-minute read", "Reading Time: 11 minutes", "Est. reading time: 4 min". It says nothing the text says, on any kind of
// page. A time without "read" ("5 minutes", a recipe's step) is left.
const READING_TIME_LINE =
  /^(?:(?:est(?:imated|\.)? )?read(?:ing)? time:? (?:about |less than |under |~ ?)?\d{1,3} ?min(?:ute)?s?\.?|(?:< ?|~ ?|about |less than )?\d{1,3}[- ]?min(?:ute)?s?\.? read)$/i;
// Each text node is tried first with this: a reading time's texts say "read" beside "min" or "time".
const READING_TIME_HINT = /\bmin(?:ute)?s?\.?\s*read\b|\bread(?:ing)? time\b/i;
// A reading time's line is short; a longer text is a sentence that mentions one.
const MAX_LINE_CHARS = 40;

/** Removes from `content` the lines that give nothing but the text's reading time. */
export function removeReadingTimes(content: Element): void {
  const lines = new Set<Element>();
  for (const text of textNodesUnder(content)) {
    const value = text.nodeValue ?? '';
    if (value.length > 2 * MAX_LINE_CHARS || !READING_TIME_HINT.test(value)) continue;
    const line = largestShortLineAround(text, content, MAX_LINE_CHARS, (_element, line) =>
      READING_TIME_LINE.test(line),
    );
    if (line) lines.add(line);
  }
  for (const line of lines) line.remove();
}
