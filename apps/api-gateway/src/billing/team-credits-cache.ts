import { LRUCache } from 'lru-cache';
import type { TeamCreditsChangedEvent, TeamCreditsReply } from '@wh/contracts';

/** What billing announced with committed charges of a team (`billing.credits.changed` with `chargesOnly`). */
export type ChargesAnnouncement = Pick<
  TeamCreditsChangedEvent,
  'creditsUsedUp' | 'remainingCredits' | 'remainingTokens'
>;

interface CachedCredits {
  credits: TeamCreditsReply;
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
  private readonly entries: LRUCache<string, CachedCredits> | undefined;

  constructor(ttlMs: number, maxEntries: number, now: () => number = performance.now.bind(performance)) {
    this.entries =
      ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } }) : undefined;
  }

  get(teamId: string): { credits: TeamCreditsReply; admitted: number; stale: boolean } | undefined {
    return this.entries?.get(teamId);
  }

  remember(teamId: string, credits: TeamCreditsReply): void {
    this.entries?.set(teamId, { credits, admitted: 0, stale: false });
  }

  /** Counts a request admitted against the cached balance. */
  admit(teamId: string, credits: number): void {
    // Peeked: counting an admission neither refreshes the entry's age nor its place in the eviction order.
    const entry = this.entries?.peek(teamId);
    if (entry) entry.admitted += credits;
  }

  forget(teamId: string): void {
    this.entries?.delete(teamId);
  }

  /**
   * New charges of the team were committed. With the standing billing announced after them, the entry takes it (and
   * starts counting admissions again). Without one, a standing with no credit or token limit stays as it is (charges
   * cannot change what it admits) and a limited one stays usable but stale, so that no request waits for billing: this
   * replica has already taken off what it admitted, and the next reader refreshes it. Credits used up drop it at once.
   */
  charged(teamId: string, announced: ChargesAnnouncement): void {
    const entry = this.entries?.peek(teamId);
    if (!entry) return;
    if (announced.creditsUsedUp) {
      this.entries?.delete(teamId);
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
