import type { ObjectStorage } from '@wh/platform/storage';
import { packProfile, unpackProfile } from './profile-archive';
import type { ProfileStore } from './profile-store';

const ARCHIVE_CONTENT_TYPE = 'application/vnd.webharvest.browser-profile+gzip';

/**
 * Profiles as one archive object each in the storage driver (`browser-profiles/<storageKey>`): a folder for one
 * machine, an S3-compatible bucket for replicas on different nodes. Both drivers replace an object only once the
 * new one is complete, so a save that fails (or a replica that dies saving) leaves the previous copy to load.
 */
export class ObjectStorageProfileStore implements ProfileStore {
  constructor(private readonly storage: ObjectStorage) {}

  async load(storageKey: string, targetDir: string): Promise<boolean> {
    const archive = await this.storage.get(this.objectKeyOf(storageKey));
    if (!archive) return false;
    await unpackProfile(archive.body, targetDir);
    return true;
  }

  async save(storageKey: string, sourceDir: string): Promise<void> {
    await this.storage.putStream(this.objectKeyOf(storageKey), packProfile(sourceDir), {
      contentType: ARCHIVE_CONTENT_TYPE,
    });
  }

  async delete(storageKey: string): Promise<void> {
    await this.storage.delete(this.objectKeyOf(storageKey));
  }

  private objectKeyOf(storageKey: string): string {
    if (!/^[0-9a-f-]{36}$/.test(storageKey)) throw new Error('profile storage keys are UUIDs');
    return `browser-profiles/${storageKey}`;
  }
}
