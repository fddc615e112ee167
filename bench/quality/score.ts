import removeMarkdown from 'remove-markdown';
import type { PageTruth } from './dataset';

/** How one extraction compares with its page's ground truth. */
export interface PageScore {
  precision: number;
  recall: number;
  f1: number;
  /** Share of the page's `with` snippets found, undefined when it has none. */
  snippetsFound?: number;
  /** Share of the page's `without` snippets found (lower is better), undefined when it has none. */
  boilerplateFound?: number;
}

// Python's \w, which the dataset's metric splits on: letters, digits and the underscore, in any script.
const WORD = /[\p{L}\p{N}_]+/gu;

// Fenced code blocks (indented or quoted ones too) and inline code spans, whose text is content and holds no markdown
// syntax; characters escaped with a backslash, which stand for themselves; a '<' that cannot open an HTML tag ("a < b").
const LITERAL =
  /^[ \t>]*(`{3,})[^\n]*\n([\s\S]*?)\n[ \t>]*\1[ \t]*$|`([^`\n]+)`|\\([!-/:-@[-`{-~])|(<)(?![A-Za-z/!?])/gm;
// A link or image destination, parentheses in it included (one level, as in `filters:format(webp)/a.jpg`), and an
// optional title.
const DESTINATION = String.raw`\(\s*(?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\s*\)`;
const IMAGE = new RegExp(String.raw`!\[[^\]]*\]${DESTINATION}`, 'g');
const LINK = new RegExp(String.raw`\[([^\]]*)\]${DESTINATION}`, 'g');
// Private-use characters: no page's markdown holds them, and remove-markdown leaves them alone.
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

/**
 * Markdown as the plain text the metric reads: no link targets, image syntax, list markers, emphasis or rules. Code
 * and escaped characters are set aside first and put back as they are: remove-markdown deletes everything from a `<`
 * to the next `>` as an HTML tag and reads `*` and `_` as emphasis, so `i < n` ... `=>` in code cost whole sections
 * of a page, and it leaves escapes' backslashes in the text. Links and images are taken out before it too.
 */
export function markdownToText(markdown: string): string {
  const literals: string[] = [];
  const withoutLiterals = markdown.replace(
    LITERAL,
    (
      _match,
      _fence: string | undefined,
      block: string | undefined,
      span: string | undefined,
      escaped: string | undefined,
      lessThan: string | undefined,
    ) => {
      literals.push(block ?? span ?? escaped ?? lessThan ?? '');
      return `\uE000${literals.length - 1}\uE001`;
    },
  );
  // remove-markdown ends a destination at its first ')', leaving the rest of a URL in the text as words.
  const withoutTargets = withoutLiterals.replace(IMAGE, '').replace(LINK, '$1');
  const text = removeMarkdown(withoutTargets, { gfm: true, useImgAltText: false, stripListLeaders: true });
  return text.replace(PLACEHOLDER, (_match, index: string) => literals[Number(index)] ?? '');
}

/** Tokens of the text as the metric counts them. */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

function bagOfWords(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const token of text.toLowerCase().match(WORD) ?? []) bag.set(token, (bag.get(token) ?? 0) + 1);
  return bag;
}

function total(bag: Map<string, number>): number {
  let sum = 0;
  for (const count of bag.values()) sum += count;
  return sum;
}

function normalised(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ');
}

function shareFound(snippets: readonly string[], text: string): number | undefined {
  if (snippets.length === 0) return undefined;
  return snippets.filter((snippet) => text.includes(normalised(snippet).trim())).length / snippets.length;
}

/** Scores extracted plain text against the truth the way the dataset's own metric does (bag-of-words F1). */
export function scorePage(text: string, truth: PageTruth): PageScore {
  const predicted = bagOfWords(text);
  const expected = bagOfWords(truth.mainContent);
  let overlap = 0;
  for (const [token, count] of predicted) overlap += Math.min(count, expected.get(token) ?? 0);
  const predictedTokens = total(predicted);
  const expectedTokens = total(expected);
  const precision = predictedTokens === 0 ? 0 : overlap / predictedTokens;
  const recall = expectedTokens === 0 ? 0 : overlap / expectedTokens;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const searchable = normalised(text);
  return {
    precision,
    recall,
    f1,
    snippetsFound: shareFound(truth.mustContain, searchable),
    boilerplateFound: shareFound(truth.mustOmit, searchable),
  };
}
