import type { DocumentFormat, ResolvedScrapeOptions } from '@wh/contracts';
import { convertHtml } from '@wh/scraping/core';
import { resolvedScrapeOptions, textDocx, textPdf } from '@wh/testing';
import { CONTENT_TYPE_OF, type ConvertibleKind } from './file-type';
import { type ConvertedFile, UploadedFileConverter } from './uploaded-file-converter';

const converter = new UploadedFileConverter((request) => Promise.resolve(convertHtml(request)));

function convert(
  kind: ConvertibleKind,
  body: Buffer,
  filename: string,
  formats: DocumentFormat[],
  options: Partial<ResolvedScrapeOptions> = {},
): Promise<ConvertedFile> {
  return converter.convert({
    body,
    kind,
    contentType: CONTENT_TYPE_OF[kind],
    filename,
    options: resolvedScrapeOptions({ formats, ...options }),
  });
}

describe('UploadedFileConverter', () => {
  it("converts HTML with scrape's pipeline, naming the file in the metadata", async () => {
    const html =
      '<html><head><title>Notes</title></head><body><nav>Menu</nav><main><h1>Harbour</h1>' +
      '<p>The fish market opens before six every morning, and the boats leave at dawn for the banks.</p>' +
      '<p class="ad">Buy now</p><a href="https://example.com/more">more</a></main></body></html>';
    const { document, pdfPagesParsed } = await convert('html', Buffer.from(html), 'notes.html', ['markdown', 'links'], {
      excludeTags: ['.ad'],
    });
    expect(document.markdown).toContain('# Harbour');
    expect(document.markdown).not.toContain('Buy now');
    expect(document.links).toEqual(['https://example.com/more']);
    expect(Object.keys(document).sort()).toEqual(['links', 'markdown', 'metadata']);
    expect(document.metadata).toMatchObject({
      sourceURL: 'notes.html',
      url: 'notes.html',
      statusCode: 200,
      contentType: 'text/html',
      title: 'Notes',
    });
    expect(pdfPagesParsed).toBeUndefined();
  });

  it('converts a Word document to markdown, all of it with the default main-content setting', async () => {
    const docx = textDocx([
      { heading: 'Minutes', paragraphs: ['The committee met on Tuesday.'] },
      { heading: 'Actions', paragraphs: ['Repaint the lighthouse.', 'Order new nets.'] },
    ]);
    const { document } = await convert('docx', docx, 'minutes.docx', ['markdown']);
    expect(document.markdown).toContain('# Minutes');
    expect(document.markdown).toContain('The committee met on Tuesday.');
    expect(document.markdown).toContain('# Actions');
    expect(document.markdown).toContain('Order new nets.');
  });

  // Parsed PDFs need pdf.js's dynamic import, which Jest's sandbox lacks: the e2e spec covers them.
  it('bills a PDF returned raw (parsers: []) as no parsed pages', async () => {
    const pdf = textPdf('Report', [['one'], ['two']]);
    const raw = await convert('pdf', pdf, 'report.pdf', ['markdown'], { rawPdf: true });
    expect(raw).toEqual({ document: expect.objectContaining({ markdown: pdf.toString('base64') }), pdfPagesParsed: 0 });
    expect(raw.document.metadata).toMatchObject({ sourceURL: 'report.pdf', contentType: 'application/pdf' });
  });

  it('keeps Markdown as written and renders it for the HTML formats', async () => {
    const markdown = '# Tides\n\nSee [the almanac](https://example.com/almanac).';
    const { document } = await convert('markdown', Buffer.from(markdown), 'tides.md', ['markdown', 'html', 'links'], {
      onlyMainContent: false,
    });
    expect(document.markdown).toBe(markdown);
    expect(document.html).toContain('<h1>Tides</h1>');
    expect(document.links).toEqual(['https://example.com/almanac']);
  });

  it('returns plain text as it is, escaped inside <pre> for the HTML formats', async () => {
    const { document } = await convert('text', Buffer.from('a < b'), 'a.txt', ['markdown', 'rawHtml', 'links']);
    expect(document).toEqual({
      markdown: 'a < b',
      rawHtml: '<pre>a &lt; b</pre>',
      links: [],
      metadata: { sourceURL: 'a.txt', url: 'a.txt', statusCode: 200, contentType: 'text/plain' },
    });
  });
});
