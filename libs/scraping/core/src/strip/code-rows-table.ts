import type { TagAttributes } from '../scan/html-scan';

// GitHub's code views (gists, embedded files) lay code out as a table with a row per line.
const CODE_ROWS_TABLE_CLASS = /(?:^|\s)js-file-line-container(?:\s|$)/;
// The cell of a line's number: empty, the number is an attribute.
const LINE_NUMBER_CELL_CLASS = /(?:^|\s)blob-num(?:\s|$)/;
const ROW_PARTS = new Set(['thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
// The box GitHub draws around one file's code names the file's language ("blob-wrapper data type-python").
const FILE_BOX_CLASS = /(?:^|\s)blob-wrapper(?:\s|$)/;
const FILE_LANGUAGE_CLASS = /(?:^|\s)type-([\w+#.-]+)/;

/**
 * Copies GitHub's tables of code lines (a cell for the line's number, one for its code) as the `<pre>` they stand for.
 * Copied as tables they came out as markdown tables of an empty column beside code whose indentation turndown had
 * collapsed. The language the file's box names goes on the `<code>` inside, as highlighters mark it, for the fence. The
 * stripper asks it about each tag and text; the element depths it is given are 1-based.
 */
export class CodeRowsTables {
  // Depth of the table being copied as a <pre>, 0 outside one; depth of the code cell open in it, 0 between cells.
  private tableDepth = 0;
  private cellDepth = 0;
  // The language named by the file box open around the table, if any, and that box's depth.
  private language?: { name: string; depth: number };

  /** `enabled` false leaves every table as it is. */
  constructor(private readonly enabled: boolean) {}

  /** Whether the element opening is a line's number cell, which goes with its contents. */
  dropsCell(name: string, attributes: TagAttributes): boolean {
    return (
      this.tableDepth > 0 && (name === 'td' || name === 'th') && LINE_NUMBER_CELL_CLASS.test(attributes.class ?? '')
    );
  }

  /**
   * What to write for the start tag of an element opening at `depth`: `<pre>` (and `<code>` with the file's language)
   * for such a table, nothing for its rows and cells, undefined for any other element (copied as usual).
   */
  open(name: string, attributes: TagAttributes, depth: number): string | undefined {
    if (this.tableDepth === 0) {
      if (!this.enabled) return undefined;
      const className = attributes.class ?? '';
      if (name !== 'table' || !CODE_ROWS_TABLE_CLASS.test(className)) {
        this.noteFileLanguage(className, depth);
        return undefined;
      }
      this.tableDepth = depth;
      return this.language ? `<pre><code class="language-${this.language.name}">` : '<pre>';
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
    if (this.language?.depth === depth) this.language = undefined;
    if (this.tableDepth === 0) return undefined;
    if (depth === this.tableDepth) {
      this.tableDepth = 0;
      this.cellDepth = 0;
      return this.language ? '</code></pre>' : '</pre>';
    }
    if (!ROW_PARTS.has(name)) return undefined;
    if (depth === this.cellDepth) this.cellDepth = 0;
    return name === 'tr' ? '\n' : '';
  }

  private noteFileLanguage(className: string, depth: number): void {
    if (this.language || !className.includes('type-') || !FILE_BOX_CLASS.test(className)) return;
    const language = FILE_LANGUAGE_CLASS.exec(className)?.[1];
    if (language) this.language = { name: language.toLowerCase(), depth };
  }
}
