import { collectPageFacts } from './page-facts';

/** Characters a summary made without a model aims at. */
export const FALLBACK_SUMMARY_CHARS = 600;

/**
 * A summary without a model: the page's own description (`<meta name="description">` or OpenGraph's), then its lead
 * paragraphs of prose, cut at a sentence end near {@link FALLBACK_SUMMARY_CHARS}.
 */
export function summarizeWithoutLlm(input: { markdown: string; html?: string }): string {
  const description = collectPageFacts(input.html, '').description;
  const parts: string[] = description ? [description] : [];
  for (const paragraph of leadParagraphs(input.markdown)) {
    if (parts.join(' ').length >= FALLBACK_SUMMARY_CHARS) break;
    if (description && (description.includes(paragraph.slice(0, 80)) || paragraph.includes(description.slice(0, 80))))
      continue;
    parts.push(paragraph);
  }
  return cutAtSentence(parts.join(' '), FALLBACK_SUMMARY_CHARS);
}

/** Paragraphs of prose, without headings, lists, tables, quotes, code, images and lines that are only links. */
function leadParagraphs(markdown: string): string[] {
  const paragraphs: string[] = [];
  let inFence = false;
  for (const block of markdown.split(/\n\s*\n/)) {
    const fences = (block.match(/^\s*(```|~~~)/gm) ?? []).length;
    const skip = inFence || fences > 0;
    if (fences % 2 === 1) inFence = !inFence;
    if (skip) continue;
    const text = block.trim();
    if (!text || /^(#|\||[-*+]\s|\d+[.)]\s|>|!\[|<)/.test(text)) continue;
    const plain = plainText(text);
    if (plain.length < 40 || !/[.!?。]/.test(plain)) continue;
    paragraphs.push(plain);
  }
  return paragraphs;
}

function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function cutAtSentence(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const window = text.slice(0, limit + 1);
  const end = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
  if (end > limit / 2) return window.slice(0, end + 1);
  const space = window.lastIndexOf(' ');
  return `${window.slice(0, space > 0 ? space : limit).trimEnd()}…`;
}
