import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isSafeObjectKey, type ObjectMetadata, type ObjectStorage, type StoredObject } from './object-storage';

export interface S3StorageSettings {
  bucket: string;
  /** Prepended to every key, e.g. `webharvest/`. */
  prefix: string;
  region: string;
  /** Endpoint of an S3-compatible service (MinIO, Ceph, R2); absent for AWS. */
  endpoint?: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible services need. */
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (environment, web identity for Kubernetes service accounts, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const EXPIRES_METADATA = 'expires-at';

/**
 * Objects in an S3-compatible bucket, for clusters where workers and gateways share no disk. Expiry is kept in
 * the object's metadata and enforced on read; a bucket lifecycle rule should delete old objects for good.
 */
export class S3Storage implements ObjectStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3StorageSettings) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
  }

  async put(key: string, body: Buffer, metadata: ObjectMetadata): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: metadata.contentType,
        ...(metadata.expiresAt !== undefined
          ? { Metadata: { [EXPIRES_METADATA]: String(metadata.expiresAt) }, Expires: new Date(metadata.expiresAt) }
          : {}),
      }),
    );
  }

  async get(key: string, now = Date.now()): Promise<StoredObject | undefined> {
    let answer;
    try {
      answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
    const rawExpiry = answer.Metadata?.[EXPIRES_METADATA];
    const expiresAt = rawExpiry === undefined ? undefined : Number(rawExpiry);
    if (expiresAt !== undefined && expiresAt <= now) {
      // The unread body holds a connection open until it is consumed.
      await answer.Body?.transformToByteArray();
      await this.delete(key);
      return undefined;
    }
    const body = Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
    return {
      body,
      contentType: answer.ContentType ?? 'application/octet-stream',
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    };
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  private objectKey(key: string): string {
    if (!isSafeObjectKey(key)) throw new Error(`unsafe object key: ${key}`);
    return `${this.settings.prefix}${key}`;
  }
}
