import { decodeText, encodingForLabel, prescanMetaCharset, sniffEncoding } from './charset';

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');

describe('prescanMetaCharset', () => {
  it.each([
    ['<meta charset="Shift_JIS">', 'shift_jis'],
    ["<meta charset='iso-8859-2'>", 'iso-8859-2'],
    ['<meta charset=koi8-r>', 'koi8-r'],
    ['<META CHARSET="EUC-JP">', 'euc-jp'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=gbk">', 'gbk'],
    ['<meta content="text/html; charset=big5" http-equiv="content-type">', 'big5'],
    ['<meta content=\'text/html; charset="windows-1251"\' http-equiv=Content-Type>', 'windows-1251'],
    ['<meta charset="latin1">', 'windows-1252'],
    ['<meta charset="utf-16le">', 'utf-8'],
    ['<head><title>x</title><meta name="viewport" content="width=1"><meta charset="euc-kr"></head>', 'euc-kr'],
    ['<meta/charset="utf-8">', 'utf-8'],
  ])('finds %s', (html, expected) => {
    expect(prescanMetaCharset(ascii(html))).toBe(expected);
  });

  it.each([
    ['<!-- <meta charset="shift_jis"> -->', 'a commented-out declaration'],
    ['<meta content="text/html; charset=gbk">', 'content without http-equiv'],
    ['<meta charset="no-such-encoding">', 'an unknown label'],
    ['<p data-x="<meta charset=gbk>">text</p>', 'a declaration inside an attribute value'],
    ['<script>var s = 1;</script><p>plain</p>', 'no declaration'],
  ])('ignores %s (%s)', (html) => {
    expect(prescanMetaCharset(ascii(html))).toBeUndefined();
  });

  it('finds a declaration after a long head, as browsers do when they reparse', () => {
    const html = `<head><style>${'x'.repeat(4000)}</style><meta charset="shift_jis">`;
    expect(prescanMetaCharset(ascii(html))).toBe('shift_jis');
  });
});

describe('sniffEncoding', () => {
  const metaSjis = ascii('<meta charset="shift_jis"><p>\x82\xa0</p>');

  it('prefers a BOM over everything else', () => {
    expect(sniffEncoding(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), metaSjis]), 'html', 'gbk')).toBe('utf-8');
    expect(sniffEncoding(Buffer.from([0xff, 0xfe, 0x3c, 0x00]), 'html', undefined)).toBe('utf-16le');
    expect(sniffEncoding(Buffer.from([0xfe, 0xff, 0x00, 0x3c]), 'json', undefined)).toBe('utf-16be');
  });

  it('prefers a valid HTTP charset over the document, and ignores an invalid one', () => {
    expect(sniffEncoding(metaSjis, 'html', 'EUC-JP')).toBe('euc-jp');
    expect(sniffEncoding(metaSjis, 'html', 'bogus')).toBe('shift_jis');
  });

  it('reads XML declarations for XML', () => {
    const declared = ascii('<?xml version="1.0" encoding="ISO-8859-2"?><r/>');
    expect(sniffEncoding(declared, 'xml', undefined)).toBe('iso-8859-2');
    expect(sniffEncoding(ascii('<?xml version="1.0"?><r>\xe9</r>'), 'xml', undefined)).toBe('utf-8');
  });

  it('defaults JSON to UTF-8', () => {
    expect(sniffEncoding(ascii('{"a":"\xe9"}'), 'json', undefined)).toBe('utf-8');
  });

  it('defaults undeclared content to UTF-8 when it is valid UTF-8, otherwise windows-1252', () => {
    expect(sniffEncoding(Buffer.from('<p>déjà</p>', 'utf8'), 'html', undefined)).toBe('utf-8');
    expect(sniffEncoding(ascii('<p>d\xe9j\xe0</p>'), 'html', undefined)).toBe('windows-1252');
    expect(sniffEncoding(ascii('plain \x93text\x94'), 'text', undefined)).toBe('windows-1252');
  });
});

describe('decodeText', () => {
  it('decodes every windows-1252 byte as the WHATWG index says', () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));
    const expectedHigh = [
      0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d,
      0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d,
      0x17e, 0x178,
    ];
    const expected = Array.from({ length: 256 }, (_, byte) =>
      String.fromCharCode(byte >= 0x80 && byte < 0xa0 ? (expectedHigh[byte - 0x80] ?? 0) : byte),
    ).join('');
    expect(decodeText(bytes, 'text', 'windows-1252')).toEqual({ text: expected, charset: 'windows-1252' });
  });

  it('decodes Shift_JIS declared in a meta tag', () => {
    expect(decodeText(ascii('<meta charset="shift_jis"><p>\x93\xfa\x96\x7b</p>'), 'html')).toEqual({
      text: '<meta charset="shift_jis"><p>日本</p>',
      charset: 'shift_jis',
    });
  });

  it('strips a BOM', () => {
    expect(decodeText(Buffer.from('\ufeffhello', 'utf8'), 'text').text).toBe('hello');
  });
});

describe('encodingForLabel', () => {
  it.each([
    ['UTF8', 'utf-8'],
    [' iso-8859-1 ', 'windows-1252'],
    ['x-sjis', 'shift_jis'],
    ['gb2312', 'gbk'],
    ['nonsense', undefined],
    [undefined, undefined],
  ])('maps %p to %p', (label, expected) => {
    expect(encodingForLabel(label)).toBe(expected);
  });
});
