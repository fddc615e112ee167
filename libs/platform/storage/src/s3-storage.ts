import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  type CompletedPart,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
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

/** Size of each part of a streamed upload: S3's smallest allowed part, so memory stays at one part per upload. */
export const S3_STREAM_PART_BYTES = 5 * 1024 * 1024;

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
    await this.client.send(new PutObjectCommand({ ...this.objectFields(key, metadata), Body: body }));
  }

  /**
   * Small streams go up in one request; a stream that fills a part becomes a multipart upload, aborted if the
   * source fails so that no parts are left behind.
   */
  async putStream(key: string, source: Readable, metadata: ObjectMetadata): Promise<void> {
    const fields = this.objectFields(key, metadata);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const sendPart = async (): Promise<void> => {
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand(fields))).UploadId;
      const PartNumber = parts.length + 1;
      const body = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      const { ETag } = await this.client.send(
        new UploadPartCommand({ Bucket: fields.Bucket, Key: fields.Key, UploadId: uploadId, PartNumber, Body: body }),
      );
      parts.push({ ETag, PartNumber });
    };
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= S3_STREAM_PART_BYTES) await sendPart();
      }
      if (uploadId === undefined) {
        await this.client.send(new PutObjectCommand({ ...fields, Body: Buffer.concat(pending) }));
        return;
      }
      if (pendingBytes > 0) await sendPart();
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: fields.Bucket,
          Key: fields.Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      if (uploadId !== undefined) {
        // The source's failure is the one worth reporting; a bucket lifecycle rule clears an abort that failed too.
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: fields.Bucket, Key: fields.Key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw error;
    }
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

  private objectFields(key: string, metadata: ObjectMetadata) {
    return {
      Bucket: this.settings.bucket,
      Key: this.objectKey(key),
      ContentType: metadata.contentType,
      ...(metadata.expiresAt !== undefined
        ? { Metadata: { [EXPIRES_METADATA]: String(metadata.expiresAt) }, Expires: new Date(metadata.expiresAt) }
        : {}),
    };
  }

  private objectKey(key: string): string {
    if (!isSafeObjectKey(key)) throw new Error(`unsafe object key: ${key}`);
    return `${this.settings.prefix}${key}`;
  }
}
