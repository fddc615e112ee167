import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalFolderStorage } from './local-folder-storage';
import type { ObjectStorage } from './object-storage';

export interface ObjectStorageSettings {
  driver: 'local';
  /** Folder of the local driver; empty picks a folder per namespace under the system's temporary folder. */
  localDir: string;
  namespace: string;
}

/** The storage driver a service's settings name; services that share files must be given the same settings. */
export function createObjectStorage(settings: ObjectStorageSettings): ObjectStorage {
  return new LocalFolderStorage(settings.localDir || path.join(tmpdir(), 'webharvest-files', settings.namespace));
}
