import type { FixtureRoute } from '../routing';
import { send } from '../routing';

/** The text each `/encoding/*` page carries in its `<p id="text">`, for asserting on decoded output. */
export const ENCODING_TEXTS = {
  windows1252: 'Café crème, déjà vu – “quoted” text, naïve façade, 100 € and Œuvre complète™.',
  latin1: 'Grüße aus Köln: Straße, Ärger, Öl und Übermaß. À bientôt, señor!',
  shiftJis: '日本語のページです。東京は今日も晴れ、川沿いの桜が満開になりました。',
} as const;

// Shift_JIS bytes of ENCODING_TEXTS.shiftJis (Node has no Shift_JIS encoder, only a decoder).
const SHIFT_JIS_BYTES = Buffer.from(
  '93fa967b8cea82cc8379815b835782c582b78142938c8b9e82cd8da193fa82e0' +
    '90b082ea814190ec898882a282cc8df782aa969e8a4a82c982c882e882dc82b582bd8142',
  'hex',
);

// The code points windows-1252 puts in 0x80-0x9F, where latin1 has control characters.
const WINDOWS_1252_EXTRAS: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

function encodeWindows1252(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
      const extra = WINDOWS_1252_EXTRAS[char];
      if (extra === undefined) throw new Error(`${char} has no windows-1252 byte`);
      return extra;
    }),
  );
}

/** An HTML page whose only non-ASCII bytes are `textBytes`, with an optional declaration in `<head>`. */
function encodedPage(name: string, textBytes: Buffer, headMarkup = ''): Buffer {
  const before = `<!DOCTYPE html>
<html>
<head>
${headMarkup}<title>Encoding test: ${name}</title>
</head>
<body>
<h1>Encoding test: ${name}</h1>
<p id="text">`;
  const after = '</p>\n</body>\n</html>\n';
  return Buffer.concat([Buffer.from(before, 'ascii'), textBytes, Buffer.from(after, 'ascii')]);
}

function route(pattern: string, contentType: string, body: Buffer): FixtureRoute {
  return { pattern, handle: ({ res }) => send(res, 200, { 'content-type': contentType }, body) };
}

const cp1252 = encodeWindows1252(ENCODING_TEXTS.windows1252);
const latin1 = Buffer.from(ENCODING_TEXTS.latin1, 'latin1');
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * `/encoding/*`: the same kind of page in legacy encodings, declared in the HTTP header, in a `<meta>`, by a
 * BOM that contradicts the header, or not at all.
 */
export const encodingRoutes: FixtureRoute[] = [
  route('/encoding/windows-1252', 'text/html; charset=windows-1252', encodedPage('windows-1252', cp1252)),
  route(
    '/encoding/windows-1252-meta',
    'text/html',
    encodedPage('windows-1252', cp1252, '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">\n'),
  ),
  route(
    '/encoding/shift-jis-meta',
    'text/html',
    encodedPage('shift_jis', SHIFT_JIS_BYTES, '<meta charset="Shift_JIS">\n'),
  ),
  route('/encoding/shift-jis-header', 'text/html; charset=Shift_JIS', encodedPage('shift_jis', SHIFT_JIS_BYTES)),
  route('/encoding/undeclared-latin1', 'text/html', encodedPage('undeclared', latin1)),
  route(
    '/encoding/utf-8-bom',
    'text/html; charset=windows-1252',
    Buffer.concat([UTF8_BOM, encodedPage('utf-8 bom', Buffer.from(ENCODING_TEXTS.windows1252, 'utf8'))]),
  ),
];
