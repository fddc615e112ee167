import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { isWorthSaving, packProfile, unpackProfile } from './profile-archive';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function archiveOf(...records: Array<string | Buffer>): Buffer {
  return gzipSync(Buffer.concat(records.map((record) => (typeof record === 'string' ? Buffer.from(record) : record))));
}

describe('profile archives', () => {
  let work: string;
  beforeEach(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'wh-profile-archive-'));
  });
  afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('unpacks what was packed, byte for byte, with file modes, less caches and lock files', async () => {
    const source = path.join(work, 'source');
    const binary = Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 7) % 256));
    await mkdir(path.join(source, 'Default', 'Local Storage', 'leveldb'), { recursive: true });
    await mkdir(path.join(source, 'Default', 'Cache', 'Cache_Data'), { recursive: true });
    await mkdir(path.join(source, 'Default', 'Service Worker', 'CacheStorage'), { recursive: true });
    await writeFile(path.join(source, 'Default', 'Cookies'), binary, { mode: 0o600 });
    await writeFile(path.join(source, 'Default', 'Local Storage', 'leveldb', '000003.log'), 'basket=three apples');
    await writeFile(path.join(source, 'Default', 'Local Storage', 'leveldb', 'LOCK'), '');
    await writeFile(path.join(source, 'Default', 'Cache', 'Cache_Data', 'data_0'), 'cached');
    await writeFile(path.join(source, 'Default', 'Service Worker', 'CacheStorage', 'x'), 'cached');
    await writeFile(path.join(source, 'SingletonLock'), 'lock');
    await writeFile(path.join(source, 'Local State'), '{}', { mode: 0o644 });

    const target = path.join(work, 'target');
    await unpackProfile(await collect(packProfile(source)), target);

    expect(await readFile(path.join(target, 'Default', 'Cookies'))).toEqual(binary);
    expect((await stat(path.join(target, 'Default', 'Cookies'))).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(target, 'Default', 'Local Storage', 'leveldb', '000003.log'), 'utf8')).toBe(
      'basket=three apples',
    );
    expect(await readFile(path.join(target, 'Default', 'Local Storage', 'leveldb', 'LOCK'), 'utf8')).toBe('');
    expect((await readdir(target)).sort()).toEqual(['Default', 'Local State']);
    expect((await readdir(path.join(target, 'Default'))).sort()).toEqual([
      'Cookies',
      'Local Storage',
      'Service Worker',
    ]);
    expect(await readdir(path.join(target, 'Default', 'Service Worker'))).toEqual([]);
  });

  it('fails the stream when the folder cannot be read', async () => {
    await expect(collect(packProfile(path.join(work, 'missing')))).rejects.toThrow(/ENOENT/);
  });

  it.each([
    ['a parent segment', '../outside'],
    ['a nested parent segment', 'Default/../../outside'],
    ['an absolute path', '/etc/passwd'],
    ['a backslash', '..\\outside'],
    ['an empty segment', 'Default//Cookies'],
  ])('refuses an archive whose entry has %s', async (_name, entryPath) => {
    const archive = archiveOf(`${JSON.stringify({ type: 'file', path: entryPath, size: 1, mode: 0o600 })}\n`, 'x');
    await expect(unpackProfile(archive, path.join(work, 'target'))).rejects.toThrow(/unsafe path/);
    expect(await readdir(work)).toEqual(['target']);
  });

  it('refuses a cut-off archive and unknown entry kinds', async () => {
    const cut = archiveOf(`${JSON.stringify({ type: 'file', path: 'Cookies', size: 10, mode: 0o600 })}\n`, 'short');
    await expect(unpackProfile(cut, path.join(work, 'a'))).rejects.toThrow(/ends inside Cookies/);
    const link = archiveOf(`${JSON.stringify({ type: 'symlink', path: 'Cookies' })}\n`);
    await expect(unpackProfile(link, path.join(work, 'b'))).rejects.toThrow(/unknown entry/);
  });

  it.each([
    ['Default/Cookies', true],
    ['Default/Cache', false],
    ['Default/Service Worker/ScriptCache', false],
    ['Default/Service Worker/Database', true],
    ['SingletonSocket', false],
    ['DevToolsActivePort', false],
  ])('judges %s worth saving: %s', (entry, expected) => {
    expect(isWorthSaving(entry)).toBe(expected);
  });
});
