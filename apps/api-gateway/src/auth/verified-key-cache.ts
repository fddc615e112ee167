import { LRUCache } from 'lru-cache';
import type { TeamContext } from './team-context';

/**
 * Teams of recently verified API key hashes, so a request does not wait for a round trip to billing-service.
 * Entries expire after `ttlMs` (which bounds how long a changed team setting or a missed revocation lasts) and the
 * least recently used go first beyond `maxEntries`. Only successful verifications are kept: an unknown key is asked
 * about again. A zero lifetime keeps nothing.
 */
export class VerifiedKeyCache {
  private readonly entries: LRUCache<string, TeamContext> | undefined;

  constructor(ttlMs: number, maxEntries: number, now: () => number = performance.now.bind(performance)) {
    this.entries =
      ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } }) : undefined;
  }

  get(keyHash: string): TeamContext | undefined {
    return this.entries?.get(keyHash);
  }

  remember(keyHash: string, team: TeamContext): void {
    this.entries?.set(keyHash, team);
  }

  forget(keyHash: string): void {
    this.entries?.delete(keyHash);
  }
}
