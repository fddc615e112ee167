import { randomUUID } from 'node:crypto';
import { storedFileRef, teamFileKey } from '@wh/contracts';
import type { ObjectStorage } from '@wh/platform/storage';

/** Stores a scrape's screenshots and PDFs under the team's prefix and returns references the gateway signs. */
export class ScrapeFileStore {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly ttlMs: number,
  ) {}

  async put(teamId: string, extension: 'png' | 'jpeg' | 'pdf', body: Buffer): Promise<string> {
    const key = teamFileKey(teamId, `${randomUUID()}.${extension}`);
    const expiresAt = Date.now() + this.ttlMs;
    const contentType = extension === 'pdf' ? 'application/pdf' : `image/${extension}`;
    await this.storage.put(key, body, { contentType, expiresAt });
    return storedFileRef({ key, expiresAt });
  }
}
