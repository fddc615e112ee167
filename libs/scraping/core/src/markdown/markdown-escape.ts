const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const WHITESPACE = /\s/;
// Constructs that only mean something at the start of a line. Text nodes outside <pre> have no newlines left after
// whitespace collapsing, so "start of the text" is the only place they can appear.
const LINE_START_ESCAPES: ReadonlyArray<[RegExp, string]> = [
  [/^(#{1,6})(?=\s|$)/, '\\$1'],
  [/^>/, '\\>'],
  [/^([-+])(?=\s)/, '\\$1'],
  [/^-(?=-{2,}\s*$)/, '\\-'],
  [/^(\d+)([.)])(?=\s)/, '$1\\$2'],
  [/^~~~/, '\\~~~'],
];
const MAY_NEED_ESCAPING = /[\\`*_\]#>+\-\d~<]/;
// What may follow a '<' that opens raw HTML or an autolink, which a renderer would hide or turn into a link.
const TAG_START = /[A-Za-z/!?]/;

/** Whether a `*` or `_` at `index` could open or close emphasis; a text boundary counts as "could". */
function canDelimit(text: string, index: number): boolean {
  const before = text[index - 1];
  const after = text[index + 1];
  const spaceBefore = before !== undefined && WHITESPACE.test(before);
  const spaceAfter = after !== undefined && WHITESPACE.test(after);
  if (spaceBefore && spaceAfter) return false;
  // GFM never emphasises on an underscore inside a word (snake_case).
  const intraword =
    before !== undefined && after !== undefined && WORD_CHARACTER.test(before) && WORD_CHARACTER.test(after);
  return !(text[index] === '_' && intraword);
}

/**
 * Escapes text for markdown only where it would otherwise turn into markup, unlike turndown's default, which
 * backslashes every underscore, asterisk and bracket (snake\_case, \[1\]).
 */
export function escapeMarkdownText(text: string): string {
  if (!MAY_NEED_ESCAPING.test(text)) return text;
  let escaped = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    const next = text[index + 1] ?? '';
    if (char === '\\' && ASCII_PUNCTUATION.test(next)) escaped += '\\\\';
    else if (char === '`') escaped += '\\`';
    else if ((char === '*' || char === '_') && canDelimit(text, index)) escaped += `\\${char}`;
    // "]" directly followed by "(" or "[" would close a link.
    else if (char === ']' && (next === '(' || next === '[')) escaped += '\\]';
    // "List<String>" would otherwise be read as an HTML tag and vanish from the rendered text.
    else if (char === '<' && TAG_START.test(next)) escaped += '\\<';
    else escaped += char;
  }
  return LINE_START_ESCAPES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), escaped);
}
