import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalFolderStorage } from './local-folder-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

export interface ObjectStorageSettings {
  /**
   * Where objects go: empty for a folder per namespace under the system's temporary folder, `file:///path` for a
   * folder, `s3://[key:secret@]bucket[/prefix]?region=&endpoint=&forcePathStyle=true` for an S3-compatible bucket.
   */
  url: string;
  namespace: string;
}

function s3Settings(url: URL): ConstructorParameters<typeof S3Storage>[0] {
  const prefix = url.pathname.replace(/^\/+/, '');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  return {
    bucket: url.hostname,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    region: url.searchParams.get('region') ?? 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: url.searchParams.get('forcePathStyle') === 'true',
    ...(url.username
      ? {
          credentials: {
            accessKeyId: decodeURIComponent(url.username),
            secretAccessKey: decodeURIComponent(url.password),
          },
        }
      : {}),
  };
}

/** The storage driver a `STORAGE_URL` names; services that share files must be given the same one. */
export function createObjectStorage(settings: ObjectStorageSettings): ObjectStorage {
  if (!settings.url) return new LocalFolderStorage(path.join(tmpdir(), 'webharvest-files', settings.namespace));
  const url = new URL(settings.url);
  if (url.protocol === 'file:') return new LocalFolderStorage(fileURLToPath(url));
  if (url.protocol === 's3:' && url.hostname) return new S3Storage(s3Settings(url));
  throw new Error(`STORAGE_URL must be file:///folder or s3://bucket/prefix, not ${url.protocol}//...`);
}
