import type TurndownService from 'turndown';
import { fencedCode } from './markdown-rules';

// The text of a gutter of line numbers: numbers, one a line.
const LINE_NUMBERS = /^\s*\d+(?:\s+\d+)*\s*$/;

/**
 * The code of a block that a highlighter laid out as a table of one row, a gutter of line numbers beside the code
 * (Hugo's Chroma `lntable`, Pygments' `highlighttable`, Rouge's `rouge-table`), or undefined for any other table.
 */
function numberedCode(table: HTMLElement): HTMLElement | undefined {
  if (table.nodeName !== 'TABLE') return undefined;
  const { rows } = table as HTMLTableElement;
  if (rows.length !== 1 || rows[0].cells.length !== 2) return undefined;
  const [gutter, code] = Array.from(rows[0].cells);
  const codePres = code.getElementsByTagName('pre');
  if (gutter.getElementsByTagName('pre').length !== 1 || codePres.length !== 1) return undefined;
  return LINE_NUMBERS.test(gutter.textContent ?? '') ? codePres[0] : undefined;
}

/**
 * Turns a code block with a gutter of line numbers into the fenced block of its code alone. As a table it would
 * come out as one row whose first cell is the numbers run together and whose second is the code on one line.
 */
export function addNumberedCodeRules(service: TurndownService): void {
  service.addRule('numberedCode', {
    filter: (node) => numberedCode(node) !== undefined,
    replacement: (_content, node) => {
      const pre = numberedCode(node);
      return pre ? fencedCode(pre) : '';
    },
  });
}
