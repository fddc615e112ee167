import { BUCKET_MS, CompletionRate } from './completion-rate';

/** How long the shares stay in force after the replica was last saturated or a team was last refused for its rate. */
export const RATE_SHARES_HOLD_MS = 1_000;

/**
 * How long one estimate of what the replica sustains is trusted without the replica being saturated again. While the
 * shares work, it is not saturated, so nothing would raise an estimate taken on a busier machine: a long flood is let
 * go once in this while, and the saturation it then causes is measured afresh.
 */
export const CAPACITY_ESTIMATE_LIFETIME_MS = 10_000;

/**
 * The part of the sustained rate the active teams split. A replica kept at the rate it sustains when saturated has
 * queues at every hop, and a quiet team's requests wait in them behind the flood's: with the whole rate split, a flood
 * in progress in the fairness benchmark was let in at 130-180 requests a second beside a quiet team's 20 (the replica
 * sustained about 360 when the flood first saturated it), and the quiet team's p99 rose 6-14x.
 */
export const SHARED_PART_OF_SUSTAINED_RATE = 0.5;

/** The burst a team's share allows, in seconds of its rate. */
const BURST_SECONDS = 0.1;

interface Allowance {
  tokens: number;
  at: number;
}

/**
 * Requests per second per team while a replica is under pressure: each active team may start at most an even split
 * of half the rate the replica was completing requests at when it was last saturated (and never less than the floor).
 *
 * Places in progress cannot hold back a flood of cheap requests: a cached hit holds its place for a few
 * milliseconds, so a team with two places starts hundreds a second and fills every process behind the gateway with
 * its work, ahead of everyone else's. A rate share bounds what the flood adds to those queues. Saturation is what
 * starts the shares, and either saturation or a team still being refused keeps them, so a flood held below
 * saturation stays held instead of being let go and measured again on every quiet moment it causes.
 */
export class TeamRateShares {
  private readonly completions = new CompletionRate();
  private sustainedPerSecond: number | undefined;
  private estimatedAt = 0;
  private measuredAt = Number.NEGATIVE_INFINITY;
  private lastPressureAt = 0;
  private lastRefusalAt = 0;
  private readonly allowances = new Map<string, Allowance>();

  constructor(private readonly floorPerSecond: number) {}

  /** A request of this replica ended. */
  completed(now: number): void {
    this.completions.record(now);
  }

  /** The replica is saturated now: its requests in progress reached the mark from which places are shared. */
  saturated(now: number): void {
    this.lastPressureAt = now;
    if (now - this.measuredAt < BUCKET_MS) return;
    this.measuredAt = now;
    const measured = this.completions.perSecond(now);
    const held = this.sustainedRate(now);
    if (held === undefined) {
      this.sustainedPerSecond = measured;
      this.estimatedAt = now;
      return;
    }
    // While the shares hold teams back, what completes is what they let through, not what the replica can serve: a
    // measure taken then may raise the estimate but never lower it, or each saturation would ratchet the shares down
    // to the floor. A lower capacity is found once the estimate's lifetime runs out and it is measured afresh.
    this.sustainedPerSecond = Math.max(held, measured);
  }

  /** Whether the shares are in force now; when they are no longer, they are dropped. */
  inForce(now: number): boolean {
    return this.sustainedRate(now) !== undefined;
  }

  /** Takes one request from the allowance of `teamId`, one of `activeTeams`, or returns false when it has none. */
  tryTake(teamId: string, activeTeams: number, now: number): boolean {
    const sustained = this.sustainedRate(now);
    if (sustained === undefined || activeTeams < 2) return true;
    const perSecond = Math.max(this.floorPerSecond, (SHARED_PART_OF_SUSTAINED_RATE * sustained) / activeTeams);
    const burst = Math.max(1, perSecond * BURST_SECONDS);
    const allowance = this.allowances.get(teamId) ?? { tokens: burst, at: now };
    allowance.tokens = Math.min(burst, allowance.tokens + ((now - allowance.at) * perSecond) / 1000);
    allowance.at = now;
    this.allowances.set(teamId, allowance);
    if (allowance.tokens < 1) {
      this.lastRefusalAt = now;
      return false;
    }
    allowance.tokens -= 1;
    return true;
  }

  /** A team no longer active leaves no allowance behind. */
  forget(teamId: string): void {
    this.allowances.delete(teamId);
  }

  /** The sustained rate the shares split while they are in force, otherwise undefined (and the shares are dropped). */
  private sustainedRate(now: number): number | undefined {
    if (this.sustainedPerSecond === undefined) return undefined;
    const lastReason = Math.max(this.lastPressureAt, this.lastRefusalAt);
    if (now - lastReason <= RATE_SHARES_HOLD_MS && now - this.estimatedAt <= CAPACITY_ESTIMATE_LIFETIME_MS) {
      return this.sustainedPerSecond;
    }
    this.sustainedPerSecond = undefined;
    this.allowances.clear();
    return undefined;
  }
}
