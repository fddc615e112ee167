import { nanos, type ObjectStore, StorageType } from 'nats';
import type { NatsClient } from './nats-client';

/** Holds bodies too large for one NATS message (JetStream object store, chunked, with a TTL). */
export class LargeObjectStore {
  private constructor(private readonly store: ObjectStore) {}

  static async open(nats: NatsClient, bucket: { name: string; ttlMs: number }): Promise<LargeObjectStore> {
    const store = await nats.jetstream.views.os(nats.namespace.bucket(bucket.name), {
      ttl: nanos(bucket.ttlMs),
      storage: StorageType.File,
    });
    return new LargeObjectStore(store);
  }

  async put(name: string, body: Uint8Array): Promise<void> {
    await this.store.putBlob({ name }, body);
  }

  async get(name: string): Promise<Uint8Array | null> {
    return this.store.getBlob(name);
  }

  async delete(name: string): Promise<void> {
    await this.store.delete(name);
  }
}
