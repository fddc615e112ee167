import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createObjectStorage } from '@wh/platform/storage';
import { type S3Server, startS3Server } from '@wh/testing';
import { ObjectStorageProfileStore } from './object-storage-profile-store';

const KEY = '7d0c1b2a-3e4f-4a5b-8c6d-9e0f1a2b3c4d';

// Profiles through the S3 driver, as replicas on different nodes share them: two stores, one bucket.
describe('ObjectStorageProfileStore on S3', () => {
  let server: S3Server;
  let work: string;
  beforeAll(async () => {
    server = await startS3Server();
    work = await mkdtemp(path.join(tmpdir(), 'wh-profile-s3-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(work, { recursive: true, force: true });
  });

  function storeOfAReplica(): ObjectStorageProfileStore {
    return new ObjectStorageProfileStore(createObjectStorage({ url: server.storageUrl('release-a'), namespace: 'x' }));
  }

  it('loads on one replica what another saved, keeps the last good copy on a failed save, and deletes', async () => {
    const saving = storeOfAReplica();
    const loading = storeOfAReplica();
    const source = path.join(work, 'source');
    await mkdir(path.join(source, 'Default'), { recursive: true });
    await writeFile(path.join(source, 'Default', 'Cookies'), 'login=remembered');

    await saving.save(KEY, source);
    await expect(saving.save(KEY, path.join(work, 'missing'))).rejects.toThrow();
    await expect(loading.load(KEY, path.join(work, 'target'))).resolves.toBe(true);
    expect(await readFile(path.join(work, 'target', 'Default', 'Cookies'), 'utf8')).toBe('login=remembered');

    await loading.delete(KEY);
    await expect(saving.load(KEY, path.join(work, 'again'))).resolves.toBe(false);
  });
});
