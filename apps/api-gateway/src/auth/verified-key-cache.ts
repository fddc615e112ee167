import type { TeamContext } from './team-context';

interface CachedTeam {
  team: TeamContext;
  expiresAt: number;
}

/**
 * Teams of recently verified API key hashes, so a request does not wait for a round trip to billing-service.
 * Entries expire after `ttlMs` (which bounds how long a changed team setting or a missed revocation lasts) and the
 * oldest go first beyond `maxEntries`. Only successful verifications are kept: an unknown key is asked about again.
 */
export class VerifiedKeyCache {
  // Insertion order doubles as age order: a refreshed entry is deleted and inserted again.
  private readonly entries = new Map<string, CachedTeam>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(keyHash: string): TeamContext | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.team;
    this.entries.delete(keyHash);
    return undefined;
  }

  remember(keyHash: string, team: TeamContext): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(keyHash);
    this.entries.set(keyHash, { team, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  forget(keyHash: string): void {
    this.entries.delete(keyHash);
  }
}
