import { resolvedScrapeOptions, textPdf } from '@wh/testing';
import { isPdf, pdfDocument } from './pdf-document';

const metadata = { sourceURL: 'https://site.example/a.pdf', url: 'https://site.example/a.pdf', statusCode: 200 };
const pdf = textPdf('Mill Report', [['First heading'], ['Second heading']]);

// Parsing itself runs pdf.js, which loads its worker through a dynamic import that jest's module sandbox does
// not allow: it is tested end to end (browser-isolation.e2e-spec.ts) in the real service.
describe('pdfDocument', () => {
  it('recognises a PDF by type or by its magic bytes', () => {
    expect(isPdf('application/pdf', Buffer.from('x'))).toBe(true);
    expect(isPdf('application/octet-stream', pdf)).toBe(true);
    expect(isPdf('text/html', Buffer.from('<html>'))).toBe(false);
  });

  it("does not load pdf-parse in the worker's thread: its bundled core-js replaces that realm's built-ins", () => {
    jest.isolateModules(() => {
      jest.doMock('pdf-parse', () => {
        throw new Error('pdf-parse was loaded outside the PDF thread');
      });
      expect(() => jest.requireActual<object>('./pdf-document')).not.toThrow();
    });
  });

  it('returns the file base64-encoded without parsing it when asked for raw PDFs', async () => {
    const { document, pagesParsed } = await pdfDocument(pdf, resolvedScrapeOptions({ rawPdf: true }), metadata);
    expect(pagesParsed).toBe(0);
    expect(Buffer.from(document.markdown ?? '', 'base64').equals(pdf)).toBe(true);
  });
});
