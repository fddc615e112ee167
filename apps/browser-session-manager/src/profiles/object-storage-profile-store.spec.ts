import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalFolderStorage } from '@wh/platform/storage';
import { ObjectStorageProfileStore } from './object-storage-profile-store';

const KEY = '3f2a7c1e-8d4b-4e0a-9c6f-1b2d3e4f5a6b';

// The same store over the local-folder driver (npm start); object-storage-profile-store.int-spec.ts runs it on S3.
describe('ObjectStorageProfileStore on a local folder', () => {
  let root: string;
  let work: string;
  let store: ObjectStorageProfileStore;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'wh-profiles-'));
    work = await mkdtemp(path.join(tmpdir(), 'wh-profile-work-'));
    store = new ObjectStorageProfileStore(new LocalFolderStorage(root));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  });

  async function profileFolder(name: string, cookies: string): Promise<string> {
    const folder = path.join(work, name);
    await mkdir(path.join(folder, 'Default', 'Cache'), { recursive: true });
    await writeFile(path.join(folder, 'Default', 'Cookies'), cookies);
    await writeFile(path.join(folder, 'Default', 'Cache', 'data_0'), 'cache');
    await writeFile(path.join(folder, 'SingletonLock'), 'lock');
    return folder;
  }

  it('loads nothing before the first save', async () => {
    await expect(store.load(KEY, path.join(work, 'target'))).resolves.toBe(false);
  });

  it('saves without caches or lock files, and loads the latest copy; one object per profile', async () => {
    await store.save(KEY, await profileFolder('first', 'one'));
    await store.save(KEY, await profileFolder('second', 'two'));
    const target = path.join(work, 'target');
    await expect(store.load(KEY, target)).resolves.toBe(true);
    expect(await readFile(path.join(target, 'Default', 'Cookies'), 'utf8')).toBe('two');
    expect(await readdir(path.join(target, 'Default'))).toEqual(['Cookies']);
    expect(await readdir(target)).toEqual(['Default']);
    expect(await readdir(path.join(root, 'browser-profiles'))).toEqual([KEY, `${KEY}.meta.json`]);
  });

  it('keeps the last good copy when a save fails', async () => {
    await store.save(KEY, await profileFolder('good', 'good'));
    await expect(store.save(KEY, path.join(work, 'missing-folder'))).rejects.toThrow();
    const target = path.join(work, 'target');
    await store.load(KEY, target);
    expect(await readFile(path.join(target, 'Default', 'Cookies'), 'utf8')).toBe('good');
  });

  it('deletes a profile, and refuses keys that could be paths', async () => {
    await store.save(KEY, await profileFolder('one', 'x'));
    await store.delete(KEY);
    await expect(store.load(KEY, path.join(work, 'target'))).resolves.toBe(false);
    await expect(store.save('../../etc', work)).rejects.toThrow('UUID');
  });
});
