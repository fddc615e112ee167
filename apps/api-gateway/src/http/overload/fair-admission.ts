/**
 * Requests one gateway replica has in progress, per team, and the decision to take one more. Below `maxInFlight`
 * every request is taken. At or above it the replica is saturated: a team is taken only while it holds less than its
 * fair share (`maxInFlight` split evenly between the teams with requests in progress, the asking one included), so
 * a team flooding the replica is refused at once while the others still get in. The total stays bounded: teams under
 * their share add at most their share each.
 */
export class FairAdmission {
  private readonly inFlightByTeam = new Map<string, number>();
  private inFlight = 0;

  constructor(private readonly maxInFlight: number) {}

  /** Counts the request in and returns true, or returns false when the team is over its share of a full replica. */
  tryAdmit(teamId: string): boolean {
    const held = this.inFlightByTeam.get(teamId) ?? 0;
    if (this.inFlight >= this.maxInFlight) {
      const teams = this.inFlightByTeam.size + (held === 0 ? 1 : 0);
      const fairShare = Math.max(1, Math.floor(this.maxInFlight / teams));
      if (held >= fairShare) return false;
    }
    this.inFlightByTeam.set(teamId, held + 1);
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
}
