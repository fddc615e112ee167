import { headers as natsHeaders } from 'nats';
import {
  DETACHED_TEXT_HEADER,
  DETACHED_TEXT_MIN_LENGTH,
  encodeDetachingText,
  parseDetachedText,
} from './detached-text';

const longText = (seed: string): string => seed.repeat(Math.ceil(DETACHED_TEXT_MIN_LENGTH / seed.length) + 1);

describe('detached text', () => {
  it('sends long top-level texts as raw UTF-8 after the JSON and gives back the same object', () => {
    const documentJson = JSON.stringify({ markdown: longText('# Café "quoted" \\ ✓ 🚀\n') });
    const payload = { jobId: 'j-1', status: 'completed', credits: 1, documentJson, note: 'short' };
    const headers = natsHeaders();

    const body = encodeDetachingText(payload, headers);

    expect(headers.get(DETACHED_TEXT_HEADER)).toBe(`documentJson:${Buffer.byteLength(documentJson)}`);
    // Unescaped: the text is in the body byte for byte, once.
    expect(Buffer.from(body).subarray(-Buffer.byteLength(documentJson)).toString('utf8')).toBe(documentJson);
    expect(parseDetachedText(body, headers)).toEqual(payload);
  });

  it('detaches several texts and keeps their order', () => {
    const payload = { first: longText('a'), middle: 2, second: longText('é') };
    const headers = natsHeaders();
    const body = encodeDetachingText(payload, headers);
    expect(headers.get(DETACHED_TEXT_HEADER)).toBe(
      `first:${Buffer.byteLength(payload.first)},second:${Buffer.byteLength(payload.second)}`,
    );
    expect(parseDetachedText(body, headers)).toEqual(payload);
  });

  it('leaves short texts, nested texts, arrays and class instances as plain JSON', () => {
    class Shaped {
      readonly text = longText('x');
      toJSON(): unknown {
        return { shaped: true };
      }
    }
    for (const payload of [
      { url: 'https://example.com' },
      { data: { documentJson: longText('n') } },
      [longText('a')],
      new Shaped(),
      longText('top'),
    ]) {
      const headers = natsHeaders();
      const body = encodeDetachingText(payload, headers);
      expect(headers.has(DETACHED_TEXT_HEADER)).toBe(false);
      expect(JSON.parse(Buffer.from(body).toString('utf8'))).toEqual(JSON.parse(JSON.stringify(payload)));
    }
  });

  it('reads plain JSON bodies without the header', () => {
    expect(parseDetachedText(Buffer.from('{"a":1}'), undefined)).toEqual({ a: 1 });
    expect(parseDetachedText(Buffer.from('{"a":1}'), natsHeaders())).toEqual({ a: 1 });
  });

  it('refuses a header that does not match the body', () => {
    const headers = natsHeaders();
    for (const value of ['documentJson:999', 'bad-name:1', 'documentJson:x']) {
      headers.set(DETACHED_TEXT_HEADER, value);
      expect(() => parseDetachedText(Buffer.from('{}'), headers)).toThrow();
    }
    headers.set(DETACHED_TEXT_HEADER, 'documentJson:2');
    expect(() => parseDetachedText(Buffer.from('[1]ab'), headers)).toThrow('envelope is not an object');
  });
});
