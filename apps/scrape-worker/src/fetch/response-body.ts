import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw, type InputType, type ZlibOptions } from 'node:zlib';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

type Decoder = (input: InputType, options: ZlibOptions) => Promise<Buffer>;

const gunzipAsync = promisify<InputType, ZlibOptions, Buffer>(gunzip);
const inflateAsync = promisify<InputType, ZlibOptions, Buffer>(inflate);
const inflateRawAsync = promisify<InputType, ZlibOptions, Buffer>(inflateRaw);
const brotliAsync = promisify<InputType, ZlibOptions, Buffer>(brotliDecompress);

/** Servers label raw DEFLATE and zlib-wrapped DEFLATE alike as `deflate`; the zlib header tells them apart. */
const deflate: Decoder = (input, options) => {
  const bytes = input as Buffer;
  const first = bytes[0] ?? 0;
  const second = bytes[1] ?? 0;
  const zlibWrapped = (first & 0x0f) === 8 && ((first << 8) | second) % 31 === 0;
  return zlibWrapped ? inflateAsync(bytes, options) : inflateRawAsync(bytes, options);
};

const DECODERS: Record<string, Decoder> = {
  gzip: gunzipAsync,
  'x-gzip': gunzipAsync,
  deflate,
  br: brotliAsync,
};

/** Content codings this engine can undo; advertised in `Accept-Encoding`. */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

/** The error for a body over the configured cap. */
export function tooLarge(maxBytes: number): DomainError {
  return new DomainError(ErrorCode.ScrapeResponseTooLarge, `The response is larger than ${maxBytes} bytes`, {
    maxBytes,
  });
}

/** Reads a body stream into memory, stopping (and destroying the stream) as soon as it exceeds `maxBytes`. */
export async function readCappedBody(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const bytes of stream as AsyncIterable<Buffer>) {
    length += bytes.length;
    if (length > maxBytes) {
      stream.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, length);
}

/** The codings of a Content-Encoding header in the order they were applied, or undefined if one is unknown. */
export function parseContentEncoding(header: string | undefined): string[] | undefined {
  const codings = (header ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  return codings.every((coding) => coding in DECODERS) ? codings : undefined;
}

/**
 * Undoes the content codings (last applied first). `maxBytes` bounds every decompressed stage, so a small
 * compressed body cannot expand into an unbounded one.
 */
export async function decodeContent(body: Buffer, codings: string[], maxBytes: number): Promise<Buffer> {
  let decoded = body;
  for (const coding of [...codings].reverse()) {
    const decoder = DECODERS[coding];
    if (!decoder || decoded.length === 0) continue;
    try {
      decoded = await decoder(decoded, { maxOutputLength: Math.max(1, maxBytes) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(maxBytes);
      throw new DomainError(ErrorCode.ScrapeSiteError, `The ${coding} response body could not be decoded`, {
        reason: (error as Error).message,
      });
    }
  }
  return decoded;
}
