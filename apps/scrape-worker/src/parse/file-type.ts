import { hasPdfSignature } from '../pdf/pdf-document';
import path from 'node:path';

/** The kinds of file POST /v2/parse converts. */
export type ConvertibleKind = 'html' | 'pdf' | 'docx' | 'markdown' | 'text';

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const CONTENT_TYPE_OF: Record<ConvertibleKind, string> = {
  html: 'text/html',
  pdf: 'application/pdf',
  docx: DOCX_CONTENT_TYPE,
  markdown: 'text/markdown',
  text: 'text/plain',
};

/** What a file is: one of the kinds converted, or the type found, to name in the refusal. */
export type DetectedFile =
  { kind: ConvertibleKind; contentType: string } | { kind: 'unsupported'; contentType: string };

const ANY = undefined;

/**
 * Signatures at the start of a file, for binary types whose bytes say what they are. Prefixes that ordinary text
 * could begin with are left out: such files have NUL bytes early on and are refused as binary anyway.
 */
const SIGNATURES: { bytes: (number | undefined)[]; contentType: string }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], contentType: 'image/png' },
  { bytes: [0xff, 0xd8, 0xff], contentType: 'image/jpeg' },
  { bytes: [...Buffer.from('GIF87a')], contentType: 'image/gif' },
  { bytes: [...Buffer.from('GIF89a')], contentType: 'image/gif' },
  { bytes: [...Buffer.from('RIFF'), ANY, ANY, ANY, ANY, ...Buffer.from('WEBP')], contentType: 'image/webp' },
  { bytes: [0x49, 0x49, 0x2a, 0x00], contentType: 'image/tiff' },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], contentType: 'image/tiff' },
  { bytes: [ANY, ANY, ANY, ANY, ...Buffer.from('ftyp')], contentType: 'video/mp4' },
  { bytes: [0x1f, 0x8b], contentType: 'application/gzip' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], contentType: 'application/x-7z-compressed' },
  { bytes: [...Buffer.from('Rar!'), 0x1a, 0x07], contentType: 'application/vnd.rar' },
  // Legacy Office (.doc, .xls, .ppt) and other compound files.
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], contentType: 'application/x-cfb' },
  { bytes: [...Buffer.from('{\\rtf')], contentType: 'application/rtf' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], contentType: 'application/x-elf' },
];

/** Entries that tell the zip-based document formats apart; their names are stored in plain text in the archive. */
const ZIP_FORMATS: { entry: string; contentType: string }[] = [
  { entry: 'word/document.xml', contentType: DOCX_CONTENT_TYPE },
  { entry: 'xl/workbook.xml', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  {
    entry: 'ppt/presentation.xml',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  { entry: 'mimetypeapplication/vnd.oasis.opendocument.text', contentType: 'application/vnd.oasis.opendocument.text' },
  { entry: 'mimetypeapplication/epub+zip', contentType: 'application/epub+zip' },
];

const HTML_EXTENSIONS = new Set(['.html', '.htm', '.xhtml']);
const MARKDOWN_EXTENSIONS = new Set(['.md', '.markdown', '.mdown', '.mkd']);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);

function startsWith(body: Buffer, bytes: (number | undefined)[]): boolean {
  return body.length >= bytes.length && bytes.every((byte, index) => byte === undefined || body[index] === byte);
}

function zipContentType(body: Buffer): string {
  return ZIP_FORMATS.find(({ entry }) => body.includes(entry, 0, 'latin1'))?.contentType ?? 'application/zip';
}

/** Text has no NUL bytes in its first 8 KB (UTF-16 without a BOM is not taken). */
function looksLikeText(body: Buffer): boolean {
  return !body.subarray(0, 8192).includes(0);
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text.slice(0, 1024));
}

function baseType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * What an uploaded file is: its own bytes first (a signature, or text), then, for text, the declared type and the
 * file name's extension to tell HTML and Markdown from plain text. A declared type never makes binary bytes text.
 */
export function detectFileType(body: Buffer, filename: string, declaredContentType?: string): DetectedFile {
  if (hasPdfSignature(body)) return { kind: 'pdf', contentType: CONTENT_TYPE_OF.pdf };
  if (startsWith(body, [0x50, 0x4b, 0x03, 0x04])) {
    const contentType = zipContentType(body);
    return contentType === DOCX_CONTENT_TYPE ? { kind: 'docx', contentType } : { kind: 'unsupported', contentType };
  }
  const signature = SIGNATURES.find(({ bytes }) => startsWith(body, bytes));
  if (signature) return { kind: 'unsupported', contentType: signature.contentType };
  if (!looksLikeText(body)) return { kind: 'unsupported', contentType: 'application/octet-stream' };

  const declared = baseType(declaredContentType);
  const extension = path.extname(filename).toLowerCase();
  if (HTML_TYPES.has(declared) || HTML_EXTENSIONS.has(extension) || looksLikeHtml(body.toString('latin1', 0, 1024))) {
    return { kind: 'html', contentType: CONTENT_TYPE_OF.html };
  }
  if (MARKDOWN_TYPES.has(declared) || MARKDOWN_EXTENSIONS.has(extension)) {
    return { kind: 'markdown', contentType: CONTENT_TYPE_OF.markdown };
  }
  return { kind: 'text', contentType: CONTENT_TYPE_OF.text };
}

/** The file's text: UTF-8 when it is valid UTF-8 (a BOM dropped), otherwise Latin-1, the usual legacy text. */
export function decodeText(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return body.toString('latin1');
  }
}
