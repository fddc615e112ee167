/** How long a team counts as sharing the replica after its last request was taken. */
export const ACTIVE_TEAM_WINDOW_MS = 1_000;

/**
 * Requests one gateway replica has in progress, per team, and the decision to take one more.
 *
 * Until half of `maxInFlight` places are taken, every request is taken. From there on the replica is busy, and a team
 * may hold only its fair share: `maxInFlight` split evenly between the active teams, itself included (all of it for
 * a team alone). Everything past a team's share is refused at once, and a team under its share is always taken.
 * What a flood is let in with is also the queue every other team's requests wait behind downstream (the work queue,
 * the workers' slots): refusing from half the places on keeps that queue short once someone else is waiting.
 *
 * A team counts as active while it has requests in progress and for `ACTIVE_TEAM_WINDOW_MS` after its last one was
 * taken: a team sending one quick request at a time still counts between its requests, so a flood cannot take the
 * places it leaves free meanwhile. The total stays bounded: teams under their share add at most their share each.
 */
export class FairAdmission {
  private readonly inFlightByTeam = new Map<string, number>();
  private readonly lastAdmittedAt = new Map<string, number>();
  private inFlight = 0;

  constructor(
    private readonly maxInFlight: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the request in and returns true, or returns false when the team is over its share of a busy replica. */
  tryAdmit(teamId: string): boolean {
    const held = this.inFlightByTeam.get(teamId) ?? 0;
    const busy = this.inFlight * 2 >= this.maxInFlight;
    if (busy && held >= this.fairShare(teamId)) return false;
    this.inFlightByTeam.set(teamId, held + 1);
    this.lastAdmittedAt.set(teamId, this.now());
    this.inFlight += 1;
    return true;
  }

  /** The request admitted for `teamId` ended (answered, failed or abandoned by the client). */
  release(teamId: string): void {
    const held = this.inFlightByTeam.get(teamId);
    if (held === undefined) return;
    if (held <= 1) this.inFlightByTeam.delete(teamId);
    else this.inFlightByTeam.set(teamId, held - 1);
    this.inFlight -= 1;
  }

  /** Requests in progress: all of them, or one team's. */
  inProgress(teamId?: string): number {
    return teamId === undefined ? this.inFlight : (this.inFlightByTeam.get(teamId) ?? 0);
  }

  /** The places `teamId` may hold while the replica is busy: an even split between the active teams, itself included. */
  private fairShare(teamId: string): number {
    return Math.max(1, Math.floor(this.maxInFlight / this.activeTeams(teamId)));
  }

  private activeTeams(asking: string): number {
    const since = this.now() - ACTIVE_TEAM_WINDOW_MS;
    let teams = 0;
    for (const [teamId, admittedAt] of this.lastAdmittedAt) {
      if (admittedAt >= since || this.inFlightByTeam.has(teamId)) teams += 1;
      // Forgotten here rather than on a timer: a team idle for the window no longer shares anything.
      else this.lastAdmittedAt.delete(teamId);
    }
    return this.lastAdmittedAt.has(asking) ? teams : teams + 1;
  }
}
