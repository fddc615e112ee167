import type { Readable } from 'node:stream';

/** What is stored with an object besides its bytes. */
export interface ObjectMetadata {
  contentType: string;
  /** Epoch ms after which the object is treated as gone. Absent: kept until deleted. */
  expiresAt?: number;
}

export interface StoredObject extends ObjectMetadata {
  body: Buffer;
}

/**
 * Files that outlive one request (screenshots, PDFs, browser profiles) behind one small interface, so a single
 * machine keeps them in a folder and a cluster in an S3-compatible bucket. Keys are `/`-separated paths of safe
 * characters; callers put the owner first.
 */
export interface ObjectStorage {
  put(key: string, body: Buffer, metadata: ObjectMetadata): Promise<void>;
  /**
   * Stores a stream of unknown length without holding it in memory (uploads). A failure of the source (a client
   * that went away, a size limit) rejects, and nothing is left under the key.
   */
  putStream(key: string, source: Readable, metadata: ObjectMetadata): Promise<void>;
  /** The object, or undefined when it does not exist or has expired. */
  get(key: string, now?: number): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Whether a key is a plain relative path that cannot climb out of its folder or bucket prefix. */
export function isSafeObjectKey(key: string): boolean {
  return key.length <= 512 && SAFE_KEY.test(key) && !key.split('/').includes('..');
}
