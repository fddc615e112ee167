/** A Content-Type header split into its lower-cased mime type and its charset parameter. */
export interface ParsedContentType {
  mimeType: string;
  charset?: string;
}

/** Parses a Content-Type header value; an absent or malformed header gives an empty mime type. */
export function parseContentType(header: string | undefined): ParsedContentType {
  if (!header) return { mimeType: '' };
  const [type = '', ...params] = header.split(';');
  const mimeType = type.trim().toLowerCase();
  let charset: string | undefined;
  for (const param of params) {
    const separator = param.indexOf('=');
    if (separator < 0) continue;
    if (param.slice(0, separator).trim().toLowerCase() !== 'charset') continue;
    const value = param
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (value) charset = value;
    break;
  }
  return /^[\w.+-]+\/[\w.+-]+$/.test(mimeType) ? { mimeType, charset } : { mimeType: '', charset };
}

/** Which sniffing rules a body's charset follows. */
export type TextFamily = 'html' | 'xml' | 'json' | 'text';

/** The text family of a mime type, or undefined for binary content. An empty type is treated as HTML-ish. */
export function textFamily(mimeType: string): TextFamily | undefined {
  if (mimeType === '' || mimeType === 'text/html' || mimeType === 'application/xhtml+xml') return 'html';
  if (mimeType === 'application/json' || mimeType.endsWith('+json')) return 'json';
  if (mimeType === 'application/xml' || mimeType === 'text/xml' || mimeType.endsWith('+xml')) return 'xml';
  if (mimeType.startsWith('text/')) return 'text';
  if (mimeType === 'application/javascript' || mimeType === 'application/ecmascript') return 'text';
  return undefined;
}
