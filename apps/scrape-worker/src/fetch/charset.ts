import { isUtf8 } from 'node:buffer';
import type { TextFamily } from './content-type';

/** The decoded text of a body and the WHATWG name of the encoding used. */
export interface DecodedText {
  text: string;
  charset: string;
}

/**
 * How far the `<meta>` prescan looks. The WHATWG prescan stops at 1024 bytes, but browsers then switch
 * encoding when the parser meets a later `<meta charset>`; scanning further gives that result in one pass.
 */
const PRESCAN_BYTES = 64 * 1024;

/** Normalises an encoding label to the WHATWG encoding name Node can decode, or undefined if it cannot. */
export function encodingForLabel(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

function sniffBom(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

const WHITESPACE = new Set(['\t', '\n', '\f', '\r', ' ']);
const isSpace = (char: string): boolean => WHITESPACE.has(char);
const isSpaceOrSlash = (char: string): boolean => WHITESPACE.has(char) || char === '/';
const isValueChar = (char: string): boolean => !WHITESPACE.has(char) && char !== '>';

/** The first position from `start` whose character fails `test` (or the end of `source`). */
function skipWhile(source: string, start: number, test: (char: string) => boolean): number {
  let position = start;
  while (position < source.length && test(source.charAt(position))) position++;
  return position;
}

interface Attribute {
  name: string;
  value: string;
  end: number;
}

/** The "get an attribute" step of the prescan; `source` is the byte prefix read as latin1. */
function readAttribute(source: string, start: number): Attribute | undefined {
  let position = skipWhile(source, start, isSpaceOrSlash);
  if (position >= source.length || source.charAt(position) === '>') return undefined;

  const nameStart = position;
  // A leading '=' belongs to the name; any later one starts the value.
  position = skipWhile(source, position + 1, (char) => char !== '=' && !isSpaceOrSlash(char) && char !== '>');
  const name = source.slice(nameStart, position).toLowerCase();
  position = skipWhile(source, position, isSpace);
  if (source.charAt(position) !== '=') return { name, value: '', end: position };
  position = skipWhile(source, position + 1, isSpace);

  const quote = source.charAt(position);
  if (quote === '"' || quote === "'") {
    const close = source.indexOf(quote, position + 1);
    if (close < 0) return undefined;
    return { name, value: source.slice(position + 1, close).toLowerCase(), end: close + 1 };
  }
  const valueEnd = skipWhile(source, position, isValueChar);
  return { name, value: source.slice(position, valueEnd).toLowerCase(), end: valueEnd };
}

/** The charset named in a `<meta http-equiv="content-type" content="...">` value. */
function charsetFromMetaContent(content: string): string | undefined {
  const match = /charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s;"']+))/i.exec(content);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Reads the attributes of a `<meta` tag and returns the encoding it declares, if any. */
function metaDeclaration(source: string, start: number): { encoding?: string; end: number } {
  const seen = new Set<string>();
  let gotPragma = false;
  let needPragma: boolean | undefined;
  let charset: string | undefined;
  let position = start;
  for (let attribute = readAttribute(source, position); attribute; attribute = readAttribute(source, position)) {
    position = attribute.end;
    if (seen.has(attribute.name)) continue;
    seen.add(attribute.name);
    if (attribute.name === 'http-equiv' && attribute.value === 'content-type') gotPragma = true;
    if (attribute.name === 'content' && charset === undefined) {
      const declared = charsetFromMetaContent(attribute.value);
      if (declared !== undefined) {
        charset = declared;
        needPragma = true;
      }
    }
    if (attribute.name === 'charset') {
      charset = attribute.value;
      needPragma = false;
    }
  }
  if (needPragma === undefined || (needPragma && !gotPragma) || charset === undefined) return { end: position };
  const encoding = encodingForLabel(charset);
  // A document that could be parsed as ASCII cannot really be UTF-16, so the spec maps such claims to UTF-8.
  if (encoding?.startsWith('utf-16')) return { encoding: 'utf-8', end: position };
  return { encoding, end: position };
}

/** The WHATWG prescan for `<meta charset>` / `<meta http-equiv content>` over the first `limit` bytes. */
export function prescanMetaCharset(body: Buffer, limit = PRESCAN_BYTES): string | undefined {
  const source = body.subarray(0, limit).toString('latin1');
  let position = 0;
  while (position < source.length) {
    // Only a '<' can start anything the prescan acts on: jump over text instead of stepping through it.
    position = source.indexOf('<', position);
    if (position < 0) return undefined;
    if (source.startsWith('<!--', position)) {
      const close = source.indexOf('-->', position + 2);
      if (close < 0) return undefined;
      position = close + 3;
      continue;
    }
    const lower = source.slice(position, position + 6).toLowerCase();
    if (lower.startsWith('<meta') && isSpaceOrSlash(lower.charAt(5))) {
      const declaration = metaDeclaration(source, position + 6);
      if (declaration.encoding) return declaration.encoding;
      position = Math.max(declaration.end, position + 1);
      continue;
    }
    if (/^<\/?[a-z]/i.test(source.slice(position, position + 3))) {
      position = skipTag(source, position);
      continue;
    }
    if (source.startsWith('<!', position) || source.startsWith('</', position) || source.startsWith('<?', position)) {
      const close = source.indexOf('>', position);
      if (close < 0) return undefined;
      position = close + 1;
      continue;
    }
    position++;
  }
  return undefined;
}

function skipTag(source: string, start: number): number {
  let position = skipWhile(source, start + 1, isValueChar);
  for (let attribute = readAttribute(source, position); attribute; attribute = readAttribute(source, position)) {
    position = attribute.end;
  }
  return position + 1;
}

/** The `encoding` of an XML declaration at the very start of the body. */
function xmlDeclarationCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 256).toString('latin1');
  const match = /^<\?xml[^>]*?\sencoding\s*=\s*["']([^"']+)["']/.exec(head);
  return encodingForLabel(match?.[1]);
}

/** Picks the encoding: BOM, then the HTTP charset, then in-document declarations, then a default. */
export function sniffEncoding(body: Buffer, family: TextFamily, headerCharset: string | undefined): string {
  const fromBom = sniffBom(body);
  if (fromBom) return fromBom;
  const fromHeader = encodingForLabel(headerCharset);
  if (fromHeader) return fromHeader;
  if (family === 'json') return 'utf-8';
  const declared =
    family === 'html' ? prescanMetaCharset(body) : family === 'xml' ? xmlDeclarationCharset(body) : undefined;
  if (declared) return declared;
  if (family === 'xml') return 'utf-8';
  // Undeclared pages: the WHATWG default for most locales is windows-1252, but today's undeclared pages are
  // overwhelmingly UTF-8, so bytes that form valid UTF-8 are read as such (what browsers' detectors do too).
  return isUtf8(body) ? 'utf-8' : 'windows-1252';
}

// What windows-1252 puts at 0x80-0x9F; the five unassigned bytes stay C1 controls, as in the WHATWG index.
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Node 20's TextDecoder decodes windows-1252 (and every label aliased to it, such as latin1) as ISO-8859-1,
 * turning curly quotes, dashes and the euro sign into control characters, so that one is done by hand.
 */
function decodeWindows1252(body: Buffer): string {
  return body
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH.charAt(char.charCodeAt(0) - 0x80));
}

/** Sniffs the encoding of a textual body and decodes it (a BOM is stripped, malformed bytes become U+FFFD). */
export function decodeText(body: Buffer, family: TextFamily, headerCharset?: string): DecodedText {
  const charset = sniffEncoding(body, family, headerCharset);
  const text = charset === 'windows-1252' ? decodeWindows1252(body) : new TextDecoder(charset).decode(body);
  return { text, charset };
}
