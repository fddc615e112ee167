import { TeamRateShares } from './team-rate-shares';

/** How long a team counts as sharing the replica after its last request was taken. */
export const ACTIVE_TEAM_WINDOW_MS = 1_000;

/** Places a team may always hold, whoever else is active. */
export const MIN_SHARE = 2;

/**
 * Below this fraction of the replica in progress, every request is taken: a replica with room to spare has no queue
 * to share out, and a team's few parallel requests must not be refused because another team sent one a moment ago.
 */
export const PRESSURE_FROM = 0.25;

/** Why a request was not taken: its team holds its share of the places, or has started its share of the rate. */
export type Refusal = 'places' | 'rate';

/** What a replica admits: its places, and the requests per second a team may always start while others are active. */
export interface AdmissionLimits {
  maxInFlight: number;
  teamRateFloorPerSecond: number;
}

/**
 * Requests one gateway replica has in progress, per team, and the decision to take one more.
 *
 * Below `PRESSURE_FROM` of `maxInFlight` in progress everything is taken. From there a team alone may use every
 * place, and while other teams are active, a team may hold at most twice what the busiest
 * other team holds, plus one (and at least `MIN_SHARE`), and never more than an even split of `maxInFlight`. The
 * reason is where a cached hit's time goes: its path is CPU-bound (gateway, NATS, worker, Postgres), and each of those
 * serves what it is given in arrival order, so what a flood has in progress is the queue another team's request waits
 * behind at every hop. Holding the flood to a few more than the quiet team keeps that queue a few requests long; an
 * even split (16 of 32 places) let it be sixteen, and the quiet team's p99 grew 11x. Teams that both have work grow
 * together, each bounded by twice the other's, up to the even split.
 *
 * A team counts as active while it has requests in progress and for `ACTIVE_TEAM_WINDOW_MS` after its last one was
 * taken: a team sending one quick request at a time still counts between its requests, so a flood cannot take the
 * places it leaves free meanwhile.
 *
 * Places bound a team's queue, not its rate; once the replica is saturated, `TeamRateShares` bounds each active
 * team's requests per second too.
 *
 * The replica is saturated when a quarter of its places are in progress, or when its own event loop is busy nearly all
 * the time (`loopSaturated`): then requests wait to be read, not in progress, and the count alone never rises. A busy
 * loop starts the rate shares only; places are shared from the count, so that a team's few parallel requests are not
 * refused for a moment the loop spent on something else.
 */
export class FairAdmission {
  private readonly inFlightByTeam = new Map<string, number>();
  private readonly lastAdmittedAt = new Map<string, number>();
  private inFlight = 0;
  private readonly maxInFlight: number;
  private readonly pressureFrom: number;
  private readonly rateShares: TeamRateShares;

  constructor(
    limits: AdmissionLimits,
    private readonly now: () => number = Date.now,
    /** Whether the replica's own event loop is saturated, whatever it has in progress (LoopSaturation). */
    private readonly loopSaturated: (now: number) => boolean = () => false,
  ) {
    this.maxInFlight = limits.maxInFlight;
    this.pressureFrom = Math.max(1, Math.floor(limits.maxInFlight * PRESSURE_FROM));
    this.rateShares = new TeamRateShares(limits.teamRateFloorPerSecond);
  }

  /** Counts the request in and returns undefined, or says why the team may not start one more now. */
  tryAdmit(teamId: string): Refusal | undefined {
    const now = this.now();
    const held = this.inFlightByTeam.get(teamId) ?? 0;
    const placesTaken = this.inFlight >= this.pressureFrom;
    if (placesTaken || this.loopSaturated(now)) this.rateShares.saturated(now);
    // Counting the active teams walks them all: only done when something is to be shared.
    if (placesTaken || this.rateShares.inForce(now)) {
      const teams = this.activeTeams(teamId, now);
      if (placesTaken && held >= this.share(teamId, teams)) return 'places';
      if (!this.rateShares.tryTake(teamId, teams, now)) return 'rate';
    }
    this.inFlightByTeam.set(teamId, held + 1);
    this.lastAdmittedAt.set(teamId, now);
    this.inFlight += 1;
    return undefined;
  }

  /** The request admitted for `teamId` ended (answered, failed or abandoned by the client). */
  release(teamId: string): void {
    const held = this.inFlightByTeam.get(teamId);
    if (held === undefined) return;
    this.rateShares.completed(this.now());
    if (held <= 1) this.inFlightByTeam.delete(teamId);
    else this.inFlightByTeam.set(teamId, held - 1);
    this.inFlight -= 1;
  }

  /** Requests in progress: all of them, or one team's. */
  inProgress(teamId?: string): number {
    return teamId === undefined ? this.inFlight : (this.inFlightByTeam.get(teamId) ?? 0);
  }

  /** The places `teamId` may hold now: all of them alone, otherwise bounded by what the other active teams hold. */
  private share(teamId: string, teams: number): number {
    if (teams === 1) return this.maxInFlight;
    let busiestOther = 0;
    for (const [other, held] of this.inFlightByTeam) if (other !== teamId) busiestOther = Math.max(busiestOther, held);
    const evenSplit = Math.max(1, Math.floor(this.maxInFlight / teams));
    return Math.min(evenSplit, Math.max(MIN_SHARE, 2 * busiestOther + 1));
  }

  private activeTeams(asking: string, now: number): number {
    const since = now - ACTIVE_TEAM_WINDOW_MS;
    let teams = 0;
    for (const [teamId, admittedAt] of this.lastAdmittedAt) {
      if (admittedAt >= since || this.inFlightByTeam.has(teamId)) teams += 1;
      // Forgotten here rather than on a timer: a team idle for the window no longer shares anything.
      else {
        this.lastAdmittedAt.delete(teamId);
        this.rateShares.forget(teamId);
      }
    }
    return this.lastAdmittedAt.has(asking) ? teams : teams + 1;
  }
}
