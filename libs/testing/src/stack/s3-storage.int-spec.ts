import { Readable } from 'node:stream';
import { createObjectStorage, type ObjectStorage, S3_STREAM_PART_BYTES } from '@wh/platform/storage';
import { type S3Server, startS3Server } from './s3-server';

// A real S3 protocol conversation, against s3rver (an S3-compatible server on loopback) instead of AWS.
describe('S3Storage', () => {
  let server: S3Server;
  let storage: ObjectStorage;
  beforeAll(async () => {
    server = await startS3Server('files');
    storage = createObjectStorage({ url: server.storageUrl('webharvest'), namespace: 'unused' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives back what was put, with its content type, until it is deleted', async () => {
    await storage.put('team-a/shot.png', Buffer.from('image bytes'), {
      contentType: 'image/png',
      expiresAt: Date.now() + 60_000,
    });
    expect(await storage.get('team-a/shot.png')).toMatchObject({
      body: Buffer.from('image bytes'),
      contentType: 'image/png',
    });
    await storage.delete('team-a/shot.png');
    expect(await storage.get('team-a/shot.png')).toBeUndefined();
  });

  it('treats an expired object as gone', async () => {
    await storage.put('team-a/old.pdf', Buffer.from('%PDF-'), { contentType: 'application/pdf', expiresAt: 5_000 });
    expect(await storage.get('team-a/old.pdf', 4_999)).toMatchObject({ expiresAt: 5_000 });
    expect(await storage.get('team-a/old.pdf', 5_000)).toBeUndefined();
    expect(await storage.get('team-a/old.pdf', 0)).toBeUndefined();
  });

  it('stores a short stream in one request', async () => {
    await storage.putStream('team-a/note.txt', Readable.from([Buffer.from('a '), Buffer.from('note')]), {
      contentType: 'text/plain',
    });
    expect(await storage.get('team-a/note.txt')).toMatchObject({
      body: Buffer.from('a note'),
      contentType: 'text/plain',
    });
  });

  it('stores a stream longer than a part as a multipart upload, bytes in order', async () => {
    const chunk = (fill: number) => Buffer.alloc(1024 * 1024, fill);
    const chunks = Array.from({ length: S3_STREAM_PART_BYTES / (1024 * 1024) + 2 }, (_, index) => chunk(index));
    await storage.putStream('team-a/big.bin', Readable.from(chunks), { contentType: 'application/octet-stream' });
    expect((await storage.get('team-a/big.bin'))?.body.equals(Buffer.concat(chunks))).toBe(true);
  });

  it('leaves no object when the stream fails midway', async () => {
    async function* cutShort(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(S3_STREAM_PART_BYTES + 1);
      throw new Error('client went away');
    }
    await expect(
      storage.putStream('team-a/cut.bin', Readable.from(cutShort()), { contentType: 'application/octet-stream' }),
    ).rejects.toThrow('client went away');
    expect(await storage.get('team-a/cut.bin')).toBeUndefined();
  });

  it('refuses unsafe keys before any request', async () => {
    await expect(storage.put('../escape', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
      /unsafe object key/,
    );
  });
});

describe('createObjectStorage', () => {
  it('refuses a URL scheme it has no driver for', () => {
    expect(() => createObjectStorage({ url: 'ftp://files.example/x', namespace: 'n' })).toThrow(/STORAGE_URL/);
  });
});
