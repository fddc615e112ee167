import type TurndownService from 'turndown';

// Turndown converts bottom-up and hands each rule only the finished markdown of its children. Cells and rows mark
// where they start with control characters that cannot survive in page text (they are stripped from cell content),
// so the table rule can split its content back into a grid and lay it out as one GFM table.
const CELL = '\u001f';
const ROW = '\u001e';
const MAX_COLSPAN = 50;

function columnSpan(cell: HTMLElement): number {
  const span = Number.parseInt(cell.getAttribute('colspan') ?? '', 10);
  return Number.isNaN(span) ? 1 : Math.min(Math.max(span, 1), MAX_COLSPAN);
}

/** Cell markdown on one line: GFM rows cannot break, and a bare pipe would end the cell. */
function inlineCell(markdown: string): string {
  return markdown
    .replace(/\s*\n+\s*/g, ' ')
    .trim()
    .replace(/\|/g, '\\|');
}

function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function renderTable(content: string): string {
  const [beforeRows, ...rowContents] = content.split(ROW);
  // Whatever precedes the first row is the caption; text inside a row but outside cells is dropped.
  const caption = beforeRows.trim();
  const rows = rowContents.map((row) => row.split(CELL).slice(1)).filter((cells) => cells.length > 0);
  if (rows.length === 0) return caption ? `\n\n${caption}\n\n` : '';
  const columns = Math.max(...rows.map((cells) => cells.length));
  // One column is a layout table (a box around content), not data: keep its content as blocks.
  if (columns === 1) {
    const blocks = [caption, ...rows.map(([cell]) => cell.trim())].filter(Boolean);
    return `\n\n${blocks.join('\n\n')}\n\n`;
  }
  const lines = rows.map((cells) => {
    const inline = cells.map(inlineCell);
    while (inline.length < columns) inline.push('');
    return tableRow(inline);
  });
  // GFM needs a header row; the first row is it, whether or not the page marked it up with <th>.
  lines.splice(1, 0, tableRow(new Array<string>(columns).fill('---')));
  return `\n\n${caption ? `${caption}\n\n` : ''}${lines.join('\n')}\n\n`;
}

/** Turns `<table>` into a GFM table whose cells keep their inline markdown (links, emphasis, code). */
export function addTableRules(service: TurndownService): void {
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) =>
      CELL + content.replaceAll(CELL, '').replaceAll(ROW, '') + CELL.repeat(columnSpan(node) - 1),
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content) => ROW + content,
  });
  service.addRule('table', {
    filter: 'table',
    replacement: (content) => renderTable(content),
  });
}
