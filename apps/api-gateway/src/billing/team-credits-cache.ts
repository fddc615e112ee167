import type { TeamCreditsChangedEvent, TeamCreditsReply } from '@wh/contracts';

/** What billing announced with committed charges of a team (`billing.credits.changed` with `chargesOnly`). */
export type ChargesAnnouncement = Pick<
  TeamCreditsChangedEvent,
  'creditsUsedUp' | 'remainingCredits' | 'remainingTokens'
>;

interface CachedCredits {
  credits: TeamCreditsReply;
  expiresAt: number;
  /** Billable requests this replica admitted since the balance was read: their charges may not be in it yet. */
  admitted: number;
  /** Charges were committed since it was read: still usable, but the next reader should refresh it. */
  stale: boolean;
}

/**
 * Teams' balances as billing-service last reported them. An entry lives until billing announces a change for its
 * team (after charges or grants commit) or `ttlMs` passes, whichever is first: the lifetime bounds how long a missed
 * announcement lasts. Requests admitted meanwhile are subtracted here, so one replica does not admit more work than
 * the balance it read allowed.
 */
export class TeamCreditsCache {
  // Insertion order doubles as age order, as in the verified-key cache.
  private readonly entries = new Map<string, CachedCredits>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(teamId: string): { credits: TeamCreditsReply; admitted: number; stale: boolean } | undefined {
    const entry = this.entries.get(teamId);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry;
    this.entries.delete(teamId);
    return undefined;
  }

  remember(teamId: string, credits: TeamCreditsReply): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(teamId);
    this.entries.set(teamId, { credits, expiresAt: this.now() + this.ttlMs, admitted: 0, stale: false });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Counts a request admitted against the cached balance. */
  admit(teamId: string, credits: number): void {
    const entry = this.entries.get(teamId);
    if (entry) entry.admitted += credits;
  }

  forget(teamId: string): void {
    this.entries.delete(teamId);
  }

  /**
   * New charges of the team were committed. With the standing billing announced after them, the entry takes it (and
   * starts counting admissions again). Without one, a standing with no credit or token limit stays as it is (charges
   * cannot change what it admits) and a limited one stays usable but stale, so that no request waits for billing: this
   * replica has already taken off what it admitted, and the next reader refreshes it. Credits used up drop it at once.
   */
  charged(teamId: string, announced: ChargesAnnouncement): void {
    const entry = this.entries.get(teamId);
    if (!entry) return;
    if (announced.creditsUsedUp) {
      this.entries.delete(teamId);
    } else if (announced.remainingCredits !== undefined) {
      entry.credits = {
        ...entry.credits,
        remainingCredits: announced.remainingCredits,
        remainingTokens: announced.remainingTokens ?? null,
      };
      entry.admitted = 0;
      entry.stale = false;
    } else if (entry.credits.remainingCredits !== null || entry.credits.remainingTokens !== null) {
      entry.stale = true;
    }
  }
}
