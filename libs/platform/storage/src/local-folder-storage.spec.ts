import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalFolderStorage } from './local-folder-storage';

describe('LocalFolderStorage', () => {
  let root: string;
  let storage: LocalFolderStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'wh-storage-'));
    storage = new LocalFolderStorage(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('gives back what was put, with its content type, until it is deleted', async () => {
    await storage.put('team-a/shot.png', Buffer.from('image bytes'), { contentType: 'image/png' });
    expect(await storage.get('team-a/shot.png')).toEqual({
      body: Buffer.from('image bytes'),
      contentType: 'image/png',
    });
    await storage.delete('team-a/shot.png');
    expect(await storage.get('team-a/shot.png')).toBeUndefined();
  });

  it('treats an expired object as gone and removes it', async () => {
    await storage.put('team-a/old.pdf', Buffer.from('%PDF-'), { contentType: 'application/pdf', expiresAt: 1_000 });
    expect(await storage.get('team-a/old.pdf', 999)).toMatchObject({ contentType: 'application/pdf' });
    expect(await storage.get('team-a/old.pdf', 1_000)).toBeUndefined();
    expect(await storage.get('team-a/old.pdf', 0)).toBeUndefined();
  });

  it('stores a stream chunk by chunk', async () => {
    await storage.putStream('team-a/upload', Readable.from([Buffer.from('first '), Buffer.from('second')]), {
      contentType: 'text/plain',
    });
    expect(await storage.get('team-a/upload')).toEqual({
      body: Buffer.from('first second'),
      contentType: 'text/plain',
    });
  });

  it('leaves nothing behind when the stream fails', async () => {
    async function* cutShort(): AsyncGenerator<Buffer> {
      yield Buffer.from('half');
      throw new Error('client went away');
    }
    await expect(
      storage.putStream('team-a/upload', Readable.from(cutShort()), { contentType: 'text/plain' }),
    ).rejects.toThrow('client went away');
    expect(await storage.get('team-a/upload')).toBeUndefined();
    expect(await readdir(path.join(root, 'team-a'))).toEqual([]);
  });

  it('answers undefined for a key never stored', async () => {
    expect(await storage.get('team-a/none.png')).toBeUndefined();
  });

  it.each(['../outside', 'team/../../etc/passwd', '/absolute', 'team//double', '.hidden/file', 'a/b c'])(
    'refuses the unsafe key %s',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
        /unsafe object key/,
      );
    },
  );
});
