import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeObjectKey, type ObjectMetadata, type ObjectStorage, type StoredObject } from './object-storage';

const METADATA_SUFFIX = '.meta.json';

/** Objects as files in one folder, with their metadata in a JSON file beside each: the default for one machine. */
export class LocalFolderStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer, metadata: ObjectMetadata): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name first so a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, body);
    await writeFile(`${file}${METADATA_SUFFIX}`, JSON.stringify(metadata));
    await rename(partial, file);
  }

  async putStream(key: string, source: Readable, metadata: ObjectMetadata): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    try {
      await pipeline(source, createWriteStream(partial));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await writeFile(`${file}${METADATA_SUFFIX}`, JSON.stringify(metadata));
    await rename(partial, file);
  }

  async get(key: string, now = Date.now()): Promise<StoredObject | undefined> {
    const file = this.pathOf(key);
    let metadata: ObjectMetadata;
    let body: Buffer;
    try {
      metadata = JSON.parse(await readFile(`${file}${METADATA_SUFFIX}`, 'utf8')) as ObjectMetadata;
      body = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    if (metadata.expiresAt !== undefined && metadata.expiresAt <= now) {
      await this.delete(key);
      return undefined;
    }
    return { ...metadata, body };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await rm(`${file}${METADATA_SUFFIX}`, { force: true });
  }

  private pathOf(key: string): string {
    if (!isSafeObjectKey(key)) throw new Error(`unsafe object key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }
}
