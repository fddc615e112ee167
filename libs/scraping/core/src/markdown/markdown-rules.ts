import type TurndownService from 'turndown';

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang)-([^\s`]+)/i;
const BASE64_PLACEHOLDER = '<Base64-Image-Removed>';

function balancedParentheses(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth < 0) return false;
    }
  }
  return depth === 0;
}

/** A URL as a markdown link destination: no raw whitespace or angle brackets, parentheses only when balanced. */
function destination(url: string): string {
  const encoded = url.replace(/[\s<>]/g, (char) => encodeURIComponent(char));
  return balancedParentheses(encoded) ? encoded : encoded.replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/** Text of a `<pre>` with its line breaks, including those written as `<br>`. */
function preformattedText(node: Node): string {
  let text = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeName === 'BR') text += '\n';
    else if (child.nodeType === child.TEXT_NODE) text += child.nodeValue ?? '';
    else text += preformattedText(child);
  }
  return text;
}

function codeLanguage(pre: HTMLElement): string {
  const code = pre.getElementsByTagName('code')[0];
  const match = LANGUAGE_CLASS.exec(pre.className) ?? (code ? LANGUAGE_CLASS.exec(code.className) : null);
  return match?.[1] ?? '';
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let current = 0;
  for (const c of text) {
    current = c === char ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return longest;
}

/** A `<pre>` as a fenced code block, fenced longer than any run of backticks in it, with its language if named. */
export function fencedCode(pre: HTMLElement): string {
  const code = preformattedText(pre).replace(/\n$/, '');
  const fence = '`'.repeat(Math.max(3, longestRun(code, '`') + 1));
  return `\n\n${fence}${codeLanguage(pre)}\n${code}\n${fence}\n\n`;
}

function oneLine(markdown: string): string {
  return markdown.replace(/\s*\n+\s*/g, ' ').trim();
}

function listMarker(item: HTMLElement): string {
  const list = item.parentElement;
  if (list?.nodeName !== 'OL') return '- ';
  const start = Number.parseInt(list.getAttribute('start') ?? '', 10);
  return `${(Number.isNaN(start) ? 1 : start) + Array.from(list.children).indexOf(item)}. `;
}

/** Options the markdown of one request depends on. */
export interface MarkdownRuleOptions {
  /** data: images become `![alt](<Base64-Image-Removed>)`. */
  removeBase64Images: boolean;
}

/**
 * Rules that replace turndown's defaults where those leave noise: headings, code blocks with their language,
 * list items indented by their marker's width (so nesting survives), blockquotes without trailing spaces, and
 * links and images without titles, empty links or unbalanced parentheses.
 */
export function addContentRules(service: TurndownService, options: MarkdownRuleOptions): void {
  service.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content, node) => {
      const text = oneLine(content);
      return text ? `\n\n${'#'.repeat(Number(node.nodeName.charAt(1)))} ${text}\n\n` : '';
    },
  });

  service.addRule('codeBlock', {
    filter: 'pre',
    replacement: (_content, node) => fencedCode(node),
  });

  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      // An item left with nothing (an avatar's link whose image went) would be a bare marker.
      if (content.trim() === '') return '';
      const marker = listMarker(node);
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n(?=[^\n])/g, `\n${' '.repeat(marker.length)}`);
      return marker + body + (node.nextSibling && !body.endsWith('\n') ? '\n' : '');
    },
  });

  service.addRule('blockquote', {
    filter: 'blockquote',
    replacement: (content) => {
      const body = content.replace(/^\n+|\n+$/g, '');
      return body.trim() ? `\n\n${body.replace(/^/gm, '> ').replace(/^> $/gm, '>')}\n\n` : '';
    },
  });

  service.addRule('link', {
    filter: (node) => node.nodeName === 'A' && !!node.getAttribute('href'),
    replacement: (content, node) => {
      const text = oneLine(content);
      return text ? `[${text}](${destination(node.getAttribute('href') ?? '')})` : '';
    },
  });

  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const src = node.getAttribute('src')?.trim();
      if (!src) return '';
      const alt = (node.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim().replace(/[[\]]/g, '\\$&');
      if (options.removeBase64Images && /^data:/i.test(src)) return `![${alt}](${BASE64_PLACEHOLDER})`;
      return `![${alt}](${destination(src)})`;
    },
  });
}
