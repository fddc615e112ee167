import { parseContentType, textFamily } from './content-type';

describe('parseContentType', () => {
  it.each([
    [undefined, { mimeType: '' }],
    ['', { mimeType: '' }],
    ['text/html', { mimeType: 'text/html' }],
    ['Text/HTML; Charset=UTF-8', { mimeType: 'text/html', charset: 'UTF-8' }],
    ['text/html; boundary=x; charset="Shift_JIS"', { mimeType: 'text/html', charset: 'Shift_JIS' }],
    ['application/ld+json;charset=utf-8', { mimeType: 'application/ld+json', charset: 'utf-8' }],
    ['garbage', { mimeType: '' }],
  ])('parses %p', (header, expected) => {
    expect(parseContentType(header)).toEqual(expected);
  });
});

describe('textFamily', () => {
  it.each([
    ['', 'html'],
    ['text/html', 'html'],
    ['application/xhtml+xml', 'html'],
    ['application/xml', 'xml'],
    ['text/xml', 'xml'],
    ['application/rss+xml', 'xml'],
    ['application/json', 'json'],
    ['application/ld+json', 'json'],
    ['text/plain', 'text'],
    ['text/csv', 'text'],
    ['application/javascript', 'text'],
    ['image/png', undefined],
    ['application/pdf', undefined],
    ['application/octet-stream', undefined],
  ])('%p is %p', (mimeType, expected) => {
    expect(textFamily(mimeType)).toBe(expected);
  });
});
