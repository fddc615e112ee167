/**
 * Markdown to HTML for uploaded Markdown files, so their `html`, `links` and `images` formats come out of scrape's
 * HTML pipeline like any page's. It covers what documents use (ATX headings, paragraphs, emphasis, code spans and
 * fences, links, images, block quotes, nested lists, rules, GFM tables); raw HTML in the source is escaped, never
 * passed through, and link targets other than http(s), mailto, fragments and relative paths are dropped.
 */
export function markdownToHtml(markdown: string): string {
  return renderBlocks(markdown.replace(/\r\n?/g, '\n').split('\n'));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function safeUrl(url: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme === undefined || ['http', 'https', 'mailto'].includes(scheme) ? url : undefined;
}

const INLINE = new RegExp(
  [
    /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/.source, // 1-2 code span
    /!\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"([^"]*)")?\s*\)/.source, // 3-5 image
    /\[([^\]]+)\]\(\s*<?([^)\s>]*)>?(?:\s+"([^"]*)")?\s*\)/.source, // 6-8 link
    /<((?:https?:\/\/|mailto:)[^>\s]+)>/.source, // 9 autolink
    String.raw`(\*\*|__)(?=\S)([\s\S]*?\S)\10`, // 10-11 strong
    String.raw`(\*|_)(?=\S)([\s\S]*?\S)\12`, // 12-13 emphasis
  ].join('|'),
  'g',
);

function titleAttribute(title: string | undefined): string {
  return title ? ` title="${escapeHtml(title)}"` : '';
}

function renderInline(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    html += escapeHtml(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [, , code, alt, src, imageTitle, label, href, linkTitle, autolink, , strong, , emphasis] = match;
    if (code !== undefined) html += `<code>${escapeHtml(code.trim())}</code>`;
    else if (src !== undefined) {
      const url = safeUrl(src);
      html +=
        url === undefined
          ? escapeHtml(alt ?? '')
          : `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt ?? '')}"${titleAttribute(imageTitle)}>`;
    } else if (label !== undefined) {
      const url = safeUrl(href ?? '');
      html +=
        url === undefined
          ? renderInline(label)
          : `<a href="${escapeHtml(url)}"${titleAttribute(linkTitle)}>${renderInline(label)}</a>`;
    } else if (autolink !== undefined) html += `<a href="${escapeHtml(autolink)}">${escapeHtml(autolink)}</a>`;
    else if (strong !== undefined) html += `<strong>${renderInline(strong)}</strong>`;
    else if (emphasis !== undefined) html += `<em>${renderInline(emphasis)}</em>`;
  }
  return html + escapeHtml(text.slice(last));
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(\s+|$)/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || LIST_ITEM.test(line);
}

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** Lines `from` onwards that belong to the list item starting there, de-indented by the item's marker width. */
function listItemLines(lines: string[], from: number, indent: number): { body: string[]; next: number } {
  const body = [lines[from].slice(indent)];
  let index = from + 1;
  while (index < lines.length) {
    const line = lines[index];
    const continues = line.trim() === '' || line.startsWith(' '.repeat(indent));
    if (!continues) break;
    // A blank line followed by an unindented line ends the item.
    if (line.trim() === '' && !(lines[index + 1] ?? '').startsWith(' '.repeat(indent))) break;
    body.push(line.slice(indent));
    index += 1;
  }
  return { body, next: index };
}

function renderBlocks(lines: string[]): string {
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    if (line.trim() === '') {
      index += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !lines[index].trim().startsWith(fence[1])) code.push(lines[index++]);
      index += 1;
      const language = fence[2] ? ` class="language-${escapeHtml(fence[2])}"` : '';
      out.push(`<pre><code${language}>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1].length;
      out.push(`<h${level}>${renderInline(heading[2] ?? '')}</h${level}>`);
      index += 1;
      continue;
    }
    if (RULE.test(line)) {
      out.push('<hr>');
      index += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (index < lines.length && lines[index].trim() !== '') quoted.push(lines[index++].replace(QUOTE, ''));
      out.push(`<blockquote>${renderBlocks(quoted)}</blockquote>`);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]);
      const items: string[] = [];
      let current: RegExpExecArray | null = item;
      while (current && /\d/.test(current[2]) === ordered) {
        // An empty item ("-" alone) still indents its continuation lines past the marker.
        const indent = current[0].length + (current[3] === '' ? 1 : 0);
        const { body, next } = listItemLines(lines, index, indent);
        const rendered = renderBlocks(body);
        items.push(`<li>${rendered.replace(/^<p>([\s\S]*?)<\/p>(?=$|\n<ul>|\n<ol>)/, '$1')}</li>`);
        index = next;
        while (index < lines.length && lines[index].trim() === '') index += 1;
        current = index < lines.length ? LIST_ITEM.exec(lines[index]) : null;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.join('')}</${tag}>`);
      continue;
    }
    if (line.includes('|') && TABLE_DIVIDER.test(lines[index + 1] ?? '') && (lines[index + 1] ?? '').includes('-')) {
      const header = tableCells(line);
      const rows: string[][] = [];
      index += 2;
      while (index < lines.length && lines[index].includes('|') && lines[index].trim() !== '') {
        rows.push(tableCells(lines[index++]));
      }
      const head = header.map((cell) => `<th>${renderInline(cell)}</th>`).join('');
      const body = rows
        .map((row) => `<tr>${header.map((_, column) => `<td>${renderInline(row[column] ?? '')}</td>`).join('')}</tr>`)
        .join('');
      out.push(`<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`);
      continue;
    }
    const paragraph: string[] = [];
    while (
      index < lines.length &&
      lines[index].trim() !== '' &&
      (paragraph.length === 0 || !startsBlock(lines[index]))
    ) {
      paragraph.push(lines[index++].trim());
    }
    out.push(`<p>${renderInline(paragraph.join('\n'))}</p>`);
  }
  return out.join('\n');
}
