import { storedZip, textDocx, textPdf } from '@wh/testing';
import { decodeText, detectFileType, DOCX_CONTENT_TYPE } from './file-type';

function zipWith(...entries: string[]): Buffer {
  return storedZip(Object.fromEntries(entries.map((name) => [name, '<x/>'])));
}

describe('detectFileType', () => {
  it('trusts the bytes over the name and the declared type', () => {
    const pdf = textPdf('Report', [['page one']]);
    expect(detectFileType(pdf, 'notes.txt', 'text/plain')).toEqual({ kind: 'pdf', contentType: 'application/pdf' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(detectFileType(png, 'page.html', 'text/html')).toEqual({ kind: 'unsupported', contentType: 'image/png' });
  });

  it('tells a Word document from other zip files by its entries', () => {
    const docx = textDocx([{ heading: 'Letter', paragraphs: ['Dear reader'] }]);
    expect(detectFileType(docx, 'letter', undefined)).toEqual({ kind: 'docx', contentType: DOCX_CONTENT_TYPE });
    expect(detectFileType(zipWith('xl/workbook.xml'), 'sheet.docx', DOCX_CONTENT_TYPE)).toEqual({
      kind: 'unsupported',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(detectFileType(zipWith('a.txt'), 'a.zip')).toEqual({ kind: 'unsupported', contentType: 'application/zip' });
  });

  it.each([
    ['a legacy Word file', 'd0cf11e0a1b11ae1000000', 'application/x-cfb'],
    ['a JPEG', 'ffd8ffe000104a464946', 'image/jpeg'],
    ['a gzip archive', '1f8b0800000000000003', 'application/gzip'],
    ['unknown bytes with NULs', '0001020304', 'application/octet-stream'],
  ])('refuses %s, naming its type', (_name, hex, contentType) => {
    expect(detectFileType(Buffer.from(hex, 'hex'), 'file.txt', 'text/plain')).toEqual({
      kind: 'unsupported',
      contentType,
    });
  });

  it('tells HTML, Markdown and plain text apart by declared type, extension, then content', () => {
    const text = Buffer.from('# Heading\n\nSome words.');
    expect(detectFileType(text, 'readme.md', 'application/octet-stream').kind).toBe('markdown');
    expect(detectFileType(text, 'readme', 'text/markdown').kind).toBe('markdown');
    expect(detectFileType(text, 'notes.txt', 'text/plain').kind).toBe('text');
    expect(detectFileType(text, 'page.htm').kind).toBe('html');
    expect(detectFileType(Buffer.from('  <!DOCTYPE html><p>x</p>'), 'upload', 'text/plain').kind).toBe('html');
    expect(detectFileType(Buffer.from('<p>x</p>'), 'page', 'application/xhtml+xml; charset=utf-8').kind).toBe('html');
  });
});

describe('decodeText', () => {
  it('reads UTF-8, dropping a byte order mark, and falls back to Latin-1', () => {
    expect(decodeText(Buffer.from('\ufeffcafé', 'utf8'))).toBe('café');
    expect(decodeText(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });
});
