import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createObjectStorage } from './create-object-storage';
import type { ObjectStorage } from './object-storage';

// A real S3 protocol conversation, against s3rver (an S3-compatible server on loopback) instead of AWS.
describe('S3Storage', () => {
  let directory: string;
  let server: S3rver;
  let storage: ObjectStorage;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'wh-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'files' }],
    });
    const { port } = await server.run();
    storage = createObjectStorage({
      url: `s3://S3RVER:S3RVER@files/webharvest?region=us-east-1&forcePathStyle=true&endpoint=http://127.0.0.1:${port}`,
      namespace: 'unused',
    });
  });
  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
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
