import { type StoredFile, withStoredFileRefsReplaced } from '@wh/contracts';
import { signObjectKey } from './signed-url';

/**
 * Turns stored-file references into the expiring URLs the gateways serve at `/v2/files`. Whoever holds the
 * gateways' key can make them: the gateways for their replies, the crawl-scheduler for its webhook bodies.
 */
export class SignedFileUrls {
  private readonly baseUrl: string;

  constructor(
    private readonly secret: string,
    publicBaseUrl: string,
  ) {
    this.baseUrl = publicBaseUrl.replace(/\/+$/, '');
  }

  /** JSON text (documents as stored) with each of the team's file references replaced by its URL. */
  inJson(json: string, teamId: string): string {
    return withStoredFileRefsReplaced(json, teamId, (file) => this.ofFile(file));
  }

  private ofFile(file: StoredFile): string {
    const signature = signObjectKey(this.secret, file.key, file.expiresAt);
    const path = file.key.split('/').map(encodeURIComponent).join('/');
    return `${this.baseUrl}/v2/files/${path}?expires=${file.expiresAt}&signature=${signature}`;
  }
}
