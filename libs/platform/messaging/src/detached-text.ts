import type { MsgHdrs } from 'nats';

/**
 * Header of a body whose long top-level text fields travel after its JSON, as raw UTF-8: `name:bytes,name:bytes`,
 * in the order the texts follow the JSON.
 */
export const DETACHED_TEXT_HEADER = 'Wh-Detached-Text';

/**
 * Texts shorter than this stay inside the JSON. A document's JSON text inside a JSON envelope (a cached hit's
 * `documentJson`, 55 KB) was escaped by every sender and unescaped by every reader; past a few kilobytes that
 * costs more than a header and a slice.
 */
export const DETACHED_TEXT_MIN_LENGTH = 4096;

/** Field names that can go in the header as they are. */
const FIELD_NAME = /^\w+$/;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The message body of `payload`: its JSON, with long top-level texts of a plain object detached behind it. */
export function encodeDetachingText(payload: unknown, headers: MsgHdrs): Uint8Array {
  const texts = longTexts(payload);
  if (!texts) return encoder.encode(JSON.stringify(payload));
  const envelope: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload as Record<string, unknown>)) {
    if (!texts.has(key)) envelope[key] = value;
  }
  const json = JSON.stringify(envelope);
  const lengths = [...texts].map(([key, text]) => [key, Buffer.byteLength(text)] as const);
  const body = Buffer.allocUnsafe(Buffer.byteLength(json) + lengths.reduce((sum, [, bytes]) => sum + bytes, 0));
  let offset = body.write(json);
  for (const text of texts.values()) offset += body.write(text, offset);
  headers.set(DETACHED_TEXT_HEADER, lengths.map(([key, bytes]) => `${key}:${bytes}`).join(','));
  return body;
}

/** The value of a body made by {@link encodeDetachingText} (or of plain JSON); throws when it is neither. */
export function parseDetachedText(body: Uint8Array, headers: Pick<MsgHdrs, 'get'> | undefined): unknown {
  const detached = headers?.get(DETACHED_TEXT_HEADER);
  if (!detached) return JSON.parse(decoder.decode(body));
  const fields = detached.split(',').map((field) => {
    const [key = '', bytes = ''] = field.split(':');
    if (!FIELD_NAME.test(key) || !/^\d+$/.test(bytes)) throw new Error(`malformed ${DETACHED_TEXT_HEADER}`);
    return [key, Number(bytes)] as const;
  });
  let jsonEnd = body.byteLength - fields.reduce((sum, [, bytes]) => sum + bytes, 0);
  if (jsonEnd < 0) throw new Error(`${DETACHED_TEXT_HEADER} counts more bytes than the body has`);
  const value: unknown = JSON.parse(decoder.decode(body.subarray(0, jsonEnd)));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('envelope is not an object');
  for (const [key, bytes] of fields) {
    (value as Record<string, unknown>)[key] = decoder.decode(body.subarray(jsonEnd, jsonEnd + bytes));
    jsonEnd += bytes;
  }
  return value;
}

/** The long texts of a plain object's own fields, or undefined when it has none (or is no plain object). */
function longTexts(payload: unknown): Map<string, string> | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  // A class instance may shape its JSON itself (toJSON); only plain objects are taken apart.
  const prototype: unknown = Object.getPrototypeOf(payload);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  let texts: Map<string, string> | undefined;
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value === 'string' && value.length >= DETACHED_TEXT_MIN_LENGTH && FIELD_NAME.test(key)) {
      (texts ??= new Map()).set(key, value);
    }
  }
  return texts;
}
