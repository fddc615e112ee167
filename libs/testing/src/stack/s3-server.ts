import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Server {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's objects on disk. */
  directory: string;
  /** A `STORAGE_URL` naming the bucket (under `prefix`) with s3rver's fixed credentials. */
  storageUrl(prefix?: string): string;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a free loopback port, storing in a temporary folder removed at close. */
export async function startS3Server(bucket = 'webharvest'): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'wh-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    storageUrl: (prefix = '') =>
      `s3://S3RVER:S3RVER@${bucket}/${prefix}?region=us-east-1&forcePathStyle=true&endpoint=${endpoint}`,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
