import { createReadStream } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';

/**
 * A saved profile travels as one object so that replacing it is a single atomic write in any storage driver (an S3
 * PUT, a rename in a folder). The format is ours and read only by us: gzip over a sequence of records, each a JSON
 * header line (`{"type":"dir","path"}` or `{"type":"file","path","size","mode"}`) followed, for a file, by exactly
 * `size` bytes. Paths are relative, `/`-separated, and checked again when unpacked.
 */
interface EntryHeader {
  type: 'dir' | 'file';
  path: string;
  size?: number;
  mode?: number;
}

const NEWLINE = 0x0a;

/** Folders of a Chromium profile that are caches: large, rebuilt on demand, never worth saving. */
const CACHE_FOLDERS = new Set([
  'Cache',
  'Code Cache',
  'GPUCache',
  'GrShaderCache',
  'GraphiteDawnCache',
  'ShaderCache',
  'DawnGraphiteCache',
  'DawnWebGPUCache',
  'Crashpad',
  'component_crx_cache',
  'Service Worker/CacheStorage',
  'Service Worker/ScriptCache',
]);
/** Files Chromium leaves to mark a running instance; a copy carrying them refuses to start. */
const LOCK_FILES = new Set(['SingletonLock', 'SingletonSocket', 'SingletonCookie', 'DevToolsActivePort']);

/** Whether an entry of a profile folder (a `/`-separated relative path) is worth saving. */
export function isWorthSaving(relativePath: string): boolean {
  const withinProfile = relativePath.replace(/^Default\//, '');
  return !CACHE_FOLDERS.has(withinProfile) && !LOCK_FILES.has(path.posix.basename(relativePath));
}

function headerLine(header: EntryHeader): Buffer {
  return Buffer.from(`${JSON.stringify(header)}\n`);
}

/** The first `size` bytes of a file; the header already promised that many. */
async function* exactBytes(file: string, size: number, entryPath: string): AsyncGenerator<Buffer> {
  let read = 0;
  for await (const chunk of createReadStream(file, { start: 0, end: size - 1 }) as AsyncIterable<Buffer>) {
    read += chunk.length;
    yield chunk;
  }
  // A file that shrank while it was read would shift every record after it: the save must fail instead.
  if (read !== size) throw new Error(`profile file changed while it was saved: ${entryPath}`);
}

async function* entriesOf(root: string, relative: string): AsyncGenerator<Buffer> {
  const folder = path.join(root, ...relative.split('/').filter(Boolean));
  const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const entryPath = relative ? `${relative}/${entry.name}` : entry.name;
    if (!isWorthSaving(entryPath)) continue;
    if (entry.isDirectory()) {
      yield headerLine({ type: 'dir', path: entryPath });
      yield* entriesOf(root, entryPath);
    } else if (entry.isFile()) {
      const file = path.join(folder, entry.name);
      const { size, mode } = await stat(file);
      yield headerLine({ type: 'file', path: entryPath, size, mode: mode & 0o777 });
      if (size > 0) yield* exactBytes(file, size, entryPath);
    }
    // Sockets and symbolic links (Chromium's lock files) are never part of a profile.
  }
}

/**
 * Streams the folder's contents, less caches and lock files, as a profile archive. A read error fails the stream,
 * so a storage driver's `putStream` keeps the previous copy.
 */
export function packProfile(sourceDir: string): Readable {
  const gzip = createGzip();
  // pipeline destroys the gzip stream with the source's error, which its reader then sees.
  return pipeline(Readable.from(entriesOf(sourceDir, '')), gzip, () => undefined);
}

function safeTarget(targetDir: string, entryPath: unknown): string {
  if (
    typeof entryPath !== 'string' ||
    entryPath === '' ||
    entryPath.includes('\0') ||
    entryPath.includes('\\') ||
    entryPath.startsWith('/') ||
    entryPath.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new Error(`profile archive holds an unsafe path: ${JSON.stringify(entryPath)}`);
  }
  return path.join(targetDir, ...entryPath.split('/'));
}

/** Writes a profile archive's entries under `targetDir` (created when missing). */
export async function unpackProfile(archive: Buffer, targetDir: string): Promise<void> {
  const content = await promisify(gunzip)(archive);
  await mkdir(targetDir, { recursive: true });
  let offset = 0;
  while (offset < content.length) {
    const lineEnd = content.indexOf(NEWLINE, offset);
    if (lineEnd === -1) throw new Error('profile archive ends inside a header');
    const header = JSON.parse(content.subarray(offset, lineEnd).toString('utf8')) as EntryHeader;
    offset = lineEnd + 1;
    const target = safeTarget(targetDir, header.path);
    if (header.type === 'dir') {
      await mkdir(target, { recursive: true });
    } else if (header.type === 'file' && Number.isSafeInteger(header.size) && (header.size ?? -1) >= 0) {
      const end = offset + (header.size ?? 0);
      if (end > content.length) throw new Error(`profile archive ends inside ${header.path}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content.subarray(offset, end), { mode: (header.mode ?? 0o600) & 0o777 });
      offset = end;
    } else {
      throw new Error(`profile archive holds an unknown entry: ${JSON.stringify(header)}`);
    }
  }
}
