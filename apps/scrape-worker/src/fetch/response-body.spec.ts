import { Readable } from 'node:stream';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { ErrorCode } from '@wh/contracts';
import { decodeContent, parseContentEncoding, readCappedBody } from './response-body';

describe('readCappedBody', () => {
  it('concatenates the chunks', async () => {
    const stream = Readable.from([Buffer.from('ab'), Buffer.from('cd')]);
    await expect(readCappedBody(stream, 4)).resolves.toEqual(Buffer.from('abcd'));
  });

  it('stops and destroys the stream past the cap', async () => {
    let produced = 0;
    const stream = new Readable({
      read() {
        produced += 1;
        this.push(Buffer.alloc(1024));
      },
    });
    await expect(readCappedBody(stream, 10_000)).rejects.toMatchObject({ code: ErrorCode.ScrapeResponseTooLarge });
    expect(stream.destroyed).toBe(true);
    expect(produced).toBeLessThan(20);
  });
});

describe('parseContentEncoding', () => {
  it.each([
    [undefined, []],
    ['identity', []],
    ['gzip', ['gzip']],
    ['GZIP, br', ['gzip', 'br']],
    ['x-gzip', ['x-gzip']],
    ['zstd', undefined],
    ['gzip, compress', undefined],
  ])('parses %p', (header, expected) => {
    expect(parseContentEncoding(header)).toEqual(expected);
  });
});

describe('decodeContent', () => {
  const text = Buffer.from('hello '.repeat(100));

  it.each([
    ['gzip', gzipSync(text)],
    ['deflate', deflateSync(text)],
    ['deflate', deflateRawSync(text)],
    ['br', brotliCompressSync(text)],
  ])('undoes %s', async (coding, encoded) => {
    await expect(decodeContent(encoded, [coding], 10_000)).resolves.toEqual(text);
  });

  it('undoes stacked codings in reverse order', async () => {
    await expect(decodeContent(brotliCompressSync(gzipSync(text)), ['gzip', 'br'], 10_000)).resolves.toEqual(text);
  });

  it('leaves an empty body alone', async () => {
    await expect(decodeContent(Buffer.alloc(0), ['gzip'], 10)).resolves.toEqual(Buffer.alloc(0));
  });

  it('caps the decompressed size', async () => {
    await expect(decodeContent(gzipSync(Buffer.alloc(100_000)), ['gzip'], 10_000)).rejects.toMatchObject({
      code: ErrorCode.ScrapeResponseTooLarge,
    });
  });

  it('reports a corrupt body as a site error', async () => {
    await expect(decodeContent(Buffer.from('not gzip'), ['gzip'], 10_000)).rejects.toMatchObject({
      code: ErrorCode.ScrapeSiteError,
    });
  });
});
