import MarkdownIt from 'markdown-it';

// CommonMark plus GFM tables; raw HTML in the source stays text (`html: false`), and markdown-it's own link check
// drops `javascript:`, `vbscript:`, `file:` and non-image `data:` targets.
const renderer = new MarkdownIt({ html: false, linkify: false, typographer: false });

/**
 * Markdown to HTML for uploaded Markdown files, so their `html`, `links` and `images` formats come out of scrape's
 * HTML pipeline like any page's.
 */
export function markdownToHtml(markdown: string): string {
  return renderer.render(markdown);
}
