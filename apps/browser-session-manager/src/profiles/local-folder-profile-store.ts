import { randomUUID } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProfileStore } from './profile-store';

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

const POINTER = 'current';

/**
 * Profiles as folders under one root: `<root>/<storageKey>/<version>/` plus a `current` file naming the complete
 * version. A save copies into a temporary version, renames it into place, then swaps the pointer (write and
 * rename, both atomic on one file system); only then is the old version removed.
 */
export class LocalFolderProfileStore implements ProfileStore {
  constructor(private readonly root: string) {}

  async load(storageKey: string, targetDir: string): Promise<boolean> {
    const version = await this.currentVersion(storageKey);
    if (!version) return false;
    await cp(path.join(this.folderOf(storageKey), version), targetDir, { recursive: true });
    return true;
  }

  async save(storageKey: string, sourceDir: string): Promise<void> {
    const folder = this.folderOf(storageKey);
    await mkdir(folder, { recursive: true });
    const version = randomUUID();
    const staging = path.join(folder, `${version}.partial`);
    await cp(sourceDir, staging, {
      recursive: true,
      filter: (source) => {
        const relative = path.relative(sourceDir, source);
        const withoutProfile = relative.replace(/^Default\//, '');
        return !CACHE_FOLDERS.has(withoutProfile) && !LOCK_FILES.has(path.basename(source));
      },
    });
    await rename(staging, path.join(folder, version));
    const previous = await this.currentVersion(storageKey);
    const pointerStaging = path.join(folder, `${POINTER}.${version}.partial`);
    await writeFile(pointerStaging, version);
    await rename(pointerStaging, path.join(folder, POINTER));
    if (previous) await rm(path.join(folder, previous), { recursive: true, force: true });
  }

  async delete(storageKey: string): Promise<void> {
    await rm(this.folderOf(storageKey), { recursive: true, force: true });
  }

  private folderOf(storageKey: string): string {
    if (!/^[0-9a-f-]{36}$/.test(storageKey)) throw new Error('profile storage keys are UUIDs');
    return path.join(this.root, storageKey);
  }

  private async currentVersion(storageKey: string): Promise<string | undefined> {
    try {
      const version = (await readFile(path.join(this.folderOf(storageKey), POINTER), 'utf8')).trim();
      return version || undefined;
    } catch {
      return undefined;
    }
  }
}
