import type { TagAttributes } from '../scan/html-scan';

// GitHub's code views (gists, embedded files) lay code out as a table with a row per line.
const CODE_ROWS_TABLE_CLASS = /(?:^|\s)js-file-line-container(?:\s|$)/;
// The cell of a line's number: empty, the number is an attribute.
const LINE_NUMBER_CELL_CLASS = /(?:^|\s)blob-num(?:\s|$)/;
const ROW_PARTS = new Set(['thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);

/**
 * Copies GitHub's tables of code lines (a cell for the line's number, one for its code) as the `<pre>` they stand for.
 * Copied as tables they came out as markdown tables of an empty column beside code whose indentation turndown had
 * collapsed. The stripper asks it about each tag and text; the element depths it is given are 1-based.
 */
export class CodeRowsTables {
  // Depth of the table being copied as a <pre>, 0 outside one; depth of the code cell open in it, 0 between cells.
  private tableDepth = 0;
  private cellDepth = 0;

  /** `enabled` false leaves every table as it is. */
  constructor(private readonly enabled: boolean) {}

  /** Whether the element opening is a line's number cell, which goes with its contents. */
  dropsCell(name: string, attributes: TagAttributes): boolean {
    return (
      this.tableDepth > 0 && (name === 'td' || name === 'th') && LINE_NUMBER_CELL_CLASS.test(attributes.class ?? '')
    );
  }

  /**
   * What to write for the start tag of an element opening at `depth`: `<pre>` for such a table, nothing for its rows
   * and cells, undefined for any other element (copied as usual).
   */
  open(name: string, attributes: TagAttributes, depth: number): string | undefined {
    if (this.tableDepth === 0) {
      if (!this.enabled || name !== 'table' || !CODE_ROWS_TABLE_CLASS.test(attributes.class ?? '')) return undefined;
      this.tableDepth = depth;
      return '<pre>';
    }
    if (!ROW_PARTS.has(name)) return undefined;
    if (name === 'td' || name === 'th') this.cellDepth = depth;
    return '';
  }

  /** Whether text here is the layout's between rows and cells, not code. */
  skipsText(): boolean {
    return this.tableDepth > 0 && this.cellDepth === 0;
  }

  /**
   * What to write for the end of an element that opened at `depth`: a line break for a row, `</pre>` for the table,
   * nothing for a cell, undefined for any other element.
   */
  close(name: string, depth: number): string | undefined {
    if (this.tableDepth === 0) return undefined;
    if (depth === this.tableDepth) {
      this.tableDepth = 0;
      this.cellDepth = 0;
      return '</pre>';
    }
    if (!ROW_PARTS.has(name)) return undefined;
    if (depth === this.cellDepth) this.cellDepth = 0;
    return name === 'tr' ? '\n' : '';
  }
}
