import TurndownService from 'turndown';
import { splitForMarkdown } from './markdown-chunks';
import { addDefinitionListRules } from './markdown-definition-lists';
import { escapeMarkdownText } from './markdown-escape';
import { addNumberedCodeRules } from './markdown-numbered-code';
import { addContentRules, type MarkdownRuleOptions } from './markdown-rules';
import { addTableRules } from './markdown-tables';

const FENCE = /^\s*(`{3,}|~{3,})/;
// A line of nothing but white space and zero-width characters is blank: page builders (Webflow among them) space their
// sections with paragraphs holding a lone zero-width joiner, which turndown keeps as a line of its own.
const BLANK_LINE = /^[\s\u200b-\u200d\u2060\ufeff]*$/;

// One converter per option set, built on first use: rules are compiled once, not per page.
const converters = new Map<boolean, TurndownService>();

function converter(options: MarkdownRuleOptions): TurndownService {
  let service = converters.get(options.removeBase64Images);
  if (!service) {
    service = new TurndownService({
      headingStyle: 'atx',
      hr: '---',
      bulletListMarker: '-',
      codeBlockStyle: 'fenced',
      emDelimiter: '*',
      strongDelimiter: '**',
    });
    service.escape = escapeMarkdownText;
    addContentRules(service, options);
    addTableRules(service);
    // After the table rules, so that it is tried before them (turndown tries the last added rule first).
    addNumberedCodeRules(service);
    addDefinitionListRules(service);
    converters.set(options.removeBase64Images, service);
  }
  return service;
}

/** At most one blank line anywhere except inside fenced code, whose content is left exactly as it was. */
function collapseBlankLines(markdown: string): string {
  const lines: string[] = [];
  let openFence: string | undefined;
  for (const line of markdown.split('\n')) {
    const fence = FENCE.exec(line)?.[1];
    if (openFence) {
      if (fence && fence[0] === openFence[0] && fence.length >= openFence.length && line.trim() === fence) {
        openFence = undefined;
      }
      lines.push(line);
    } else if (fence) {
      openFence = fence;
      lines.push(line);
    } else if (!BLANK_LINE.test(line)) lines.push(line);
    else if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
  }
  return lines.join('\n').replace(/\n+$/, '');
}

/**
 * Converts an HTML fragment to GitHub-flavoured markdown: GFM tables, fenced code with its language, nested lists, definition lists,
 * absolute links as they are in the HTML. Turndown parses the string with its bundled DOM (domino), which
 * converts several times faster than walking a jsdom tree.
 */
export function htmlToMarkdown(html: string, options: MarkdownRuleOptions): string {
  const service = converter(options);
  const pieces = splitForMarkdown(html).map((piece) => service.turndown(piece));
  return collapseBlankLines(pieces.filter((piece) => piece.length > 0).join('\n\n'));
}
