import { ACTIVE_TEAM_WINDOW_MS, FairAdmission, type Refusal } from './fair-admission';
import { CAPACITY_ESTIMATE_LIFETIME_MS, RATE_SHARES_HOLD_MS } from './team-rate-shares';

function admitMany(admission: FairAdmission, teamId: string, count: number): boolean[] {
  return Array.from({ length: count }, () => admission.tryAdmit(teamId) === undefined);
}

/** A FairAdmission on a clock the test moves; the rate floor is high enough to stay out of these tests' way. */
function withClock(maxInFlight: number): { admission: FairAdmission; advance(ms: number): void } {
  let now = 1_000_000;
  return {
    admission: new FairAdmission({ maxInFlight, teamRateFloorPerSecond: 10_000 }, () => now),
    advance: (ms) => (now += ms),
  };
}

describe('FairAdmission', () => {
  it('lets a team alone use every place of the replica, and no more', () => {
    const { admission } = withClock(4);
    expect(admitMany(admission, 'flood', 5)).toEqual([true, true, true, true, false]);
    expect(admission.inProgress()).toBe(4);
  });

  it('lets two teams that both have work grow together, each within twice the other’s holding plus one', () => {
    const { admission } = withClock(16);
    admitMany(admission, 'a', 2);
    admitMany(admission, 'b', 1);
    // b holds 1: a may hold 3.
    expect(admitMany(admission, 'a', 2)).toEqual([true, false]);
    // a holds 3: b may hold 7.
    expect(admitMany(admission, 'b', 7)).toEqual([true, true, true, true, true, true, false]);
    // b holds 7: a may grow again, up to the even split of 8.
    expect(admitMany(admission, 'a', 6)).toEqual([true, true, true, true, true, false]);
    expect(admission.inProgress('a')).toBe(8);
  });

  it('takes every request below a quarter of the replica, even while another team is active', () => {
    const { admission } = withClock(32);
    admission.tryAdmit('quiet');
    admission.release('quiet');
    // The quiet team's request ended, yet it still counts as active; with 8 of 32 places free of pressure, a team's
    // parallel requests are taken up to there.
    expect(admitMany(admission, 'busy', 8)).toEqual(Array<boolean>(8).fill(true));
  });

  it('holds a flood to a few places more than a quiet team holds once the replica is under pressure, and takes every quiet request', () => {
    const { admission } = withClock(32);
    admission.tryAdmit('quiet');
    admission.release('quiet');
    // From 8 in progress, the flood may hold at most twice the quiet team's holding plus one (MIN_SHARE at least).
    expect(admitMany(admission, 'flood', 10)).toEqual([...Array<boolean>(8).fill(true), false, false]);

    expect(admitMany(admission, 'quiet', 3)).toEqual([true, true, true]);
    // The quiet team holds 3 now: the flood may hold 7, and holds 8.
    expect(admission.tryAdmit('flood')).toBe('places');
    admission.release('flood');
    admission.release('flood');
    expect(admitMany(admission, 'flood', 2)).toEqual([true, false]);
    expect(admission.inProgress('flood')).toBe(7);
  });

  it('cuts a team that filled the replica alone down to its share once another team arrives', () => {
    const { admission } = withClock(4);
    admitMany(admission, 'flood', 4);

    expect(admission.tryAdmit('quiet')).toBeUndefined();
    admission.release('flood');
    admission.release('flood');
    // Two teams active: the flood holds 2, its share of 4, and is refused until it holds less.
    expect(admission.tryAdmit('flood')).toBe('places');
    admission.release('flood');
    expect(admission.tryAdmit('flood')).toBeUndefined();
  });

  it('gives the whole replica back to a team once the others have been idle for the window', () => {
    const { admission, advance } = withClock(4);
    admission.tryAdmit('quiet');
    admission.release('quiet');
    admitMany(admission, 'flood', 2);
    expect(admission.tryAdmit('flood')).toBe('places');

    advance(ACTIVE_TEAM_WINDOW_MS + 1);

    expect(admitMany(admission, 'flood', 2)).toEqual([true, true]);
  });

  it('forgets a team with nothing in progress, and ignores a release it never admitted', () => {
    const { admission } = withClock(2);
    admission.tryAdmit('a');
    admission.release('a');
    admission.release('a');
    admission.release('never');
    expect(admission.inProgress()).toBe(0);
  });
});

describe('FairAdmission: rate shares under pressure', () => {
  /** maxInFlight 8: the replica is saturated from 2 requests in progress. */
  function rated(teamRateFloorPerSecond: number) {
    let now = 1_000_000;
    const admission = new FairAdmission({ maxInFlight: 8, teamRateFloorPerSecond }, () => now);
    const advance = (ms: number): void => {
      now += ms;
    };
    /** `teamId` sends `count` quick requests, one every `everyMs`, each answered before the next: the outcomes. */
    const send = (teamId: string, everyMs: number, count: number): Map<Refusal | 'admitted', number> => {
      const outcomes = new Map<Refusal | 'admitted', number>();
      for (let sent = 0; sent < count; sent += 1) {
        const refusal = admission.tryAdmit(teamId);
        if (!refusal) admission.release(teamId);
        const outcome = refusal ?? 'admitted';
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        advance(everyMs);
      }
      return outcomes;
    };
    /** The flood sends one request every 10 ms and `quiet` one every 100 ms, for `forMs`: the outcomes of each. */
    const floodBeside = (quiet: string, forMs: number) => {
      const flood = new Map<Refusal | 'admitted', number>();
      const quietOutcomes = new Map<Refusal | 'admitted', number>();
      const add = (into: Map<Refusal | 'admitted', number>, from: Map<Refusal | 'admitted', number>): void => {
        for (const [outcome, count] of from) into.set(outcome, (into.get(outcome) ?? 0) + count);
      };
      for (let elapsed = 0; elapsed < forMs; elapsed += 100) {
        add(quietOutcomes, send(quiet, 0, 1));
        add(flood, send('flood', 10, 10));
      }
      return { flood, quiet: quietOutcomes };
    };
    /** `teamId` holds two requests at once and asks for a third: the replica is saturated. */
    const saturate = (teamId = 'flood'): void => {
      const admitted = admitMany(admission, teamId, 3).filter(Boolean).length;
      for (let index = 0; index < admitted; index += 1) admission.release(teamId);
    };
    return { admission, advance, send, floodBeside, saturate };
  }

  it('takes a quick flood’s every request while the replica is not saturated, however fast it comes', () => {
    const { send } = rated(5);
    send('quiet', 100, 1);
    expect(send('flood', 2, 500)).toEqual(new Map([['admitted', 500]]));
  });

  it('holds a flood to an even split of half the rate the replica sustained when saturated, and takes every quiet request', () => {
    const { send, floodBeside, saturate } = rated(5);
    send('flood', 10, 100);
    send('quiet', 100, 1);
    // In the second before it saturated the replica completed 81 requests (the flood's last 80, the quiet team's one):
    // half of that split between the two teams is 20.25 a second each, plus a burst of a tenth of a second.
    saturate();
    const { flood, quiet } = floodBeside('quiet', 2_000);
    expect(quiet).toEqual(new Map([['admitted', 20]]));
    expect(flood.get('admitted')).toBeGreaterThanOrEqual(2 * 20);
    expect(flood.get('admitted')).toBeLessThanOrEqual(2 * 21 + 3);
    expect(flood.get('rate')).toBe(200 - (flood.get('admitted') ?? 0));
  });

  it('does not lower its estimate from saturations measured while the shares hold the flood back', () => {
    const { send, floodBeside, saturate } = rated(5);
    send('flood', 10, 100);
    send('quiet', 100, 1);
    saturate();
    // Held at its share, the flood completes about 20 a second, so saturations (the quiet team's burst, as the flood
    // has no allowance left) now measure the held rate, not what the replica served before.
    for (let second = 0; second < 3; second += 1) {
      floodBeside('quiet', 1_000);
      saturate('quiet');
    }
    const { flood } = floodBeside('quiet', 1_000);
    expect(flood.get('admitted')).toBeGreaterThanOrEqual(20);
  });

  it('starts the shares when the replica’s own event loop is saturated, however few requests are in progress', () => {
    let loopSaturated = false;
    let now = 1_000_000;
    const admission = new FairAdmission(
      { maxInFlight: 8, teamRateFloorPerSecond: 5 },
      () => now,
      () => loopSaturated,
    );
    const send = (teamId: string, count: number, everyMs: number): (Refusal | undefined)[] =>
      Array.from({ length: count }, () => {
        const refusal = admission.tryAdmit(teamId);
        if (!refusal) admission.release(teamId);
        now += everyMs;
        return refusal;
      });
    /** A second of the quiet team's one request every 100 ms beside the flood's one every 10 ms: what each got. */
    const second = (): { quiet: (Refusal | undefined)[]; flood: (Refusal | undefined)[] } => {
      const quiet: (Refusal | undefined)[] = [];
      const flood: (Refusal | undefined)[] = [];
      for (let tenth = 0; tenth < 10; tenth += 1) {
        quiet.push(...send('quiet', 1, 0));
        flood.push(...send('flood', 10, 10));
      }
      return { quiet, flood };
    };
    // One request at a time, well below the count that saturates the replica: all taken while the loop has room.
    expect(second().flood).toEqual(Array(100).fill(undefined));
    loopSaturated = true;
    const { quiet, flood } = second();
    // Half of the 110 a second the replica completed, split between the two teams: about 28 of the flood's next 100
    // taken, the rest refused for the rate, none for places; every quiet request taken.
    const refusals = flood.filter((refusal) => refusal !== undefined);
    expect(refusals.length).toBeGreaterThanOrEqual(65);
    expect(refusals.length).toBeLessThanOrEqual(75);
    expect(new Set(refusals)).toEqual(new Set(['rate']));
    expect(quiet).toEqual(Array(10).fill(undefined));
  });

  it('does not hold a team alone to a rate while its event loop is saturated', () => {
    const admission = new FairAdmission(
      { maxInFlight: 8, teamRateFloorPerSecond: 5 },
      () => 1_000_000,
      () => true,
    );
    expect(admitMany(admission, 'alone', 8)).toEqual(Array<boolean>(8).fill(true));
  });

  it('never holds a team below the floor', () => {
    const { send, floodBeside, saturate } = rated(40);
    send('flood', 50, 20);
    send('quiet', 100, 1);
    saturate();
    const { flood } = floodBeside('quiet', 1_000);
    expect(flood.get('admitted')).toBeGreaterThanOrEqual(40);
    expect(flood.get('admitted')).toBeLessThanOrEqual(40 + 4 + 1);
  });

  it('does not hold a team alone to a rate', () => {
    const { send, saturate } = rated(5);
    send('flood', 10, 100);
    saturate();
    expect(send('flood', 2, 250)).toEqual(new Map([['admitted', 250]]));
  });

  it('lets the shares go once the replica was neither saturated nor anyone refused for a while', () => {
    const { advance, send, floodBeside, saturate } = rated(5);
    send('flood', 10, 100);
    send('quiet', 100, 1);
    saturate();
    expect(floodBeside('quiet', 500).flood.get('rate')).toBeGreaterThan(0);
    advance(RATE_SHARES_HOLD_MS + 1);
    expect(floodBeside('quiet', 500).flood).toEqual(new Map([['admitted', 50]]));
  });

  it('measures again after the estimate’s lifetime, even while a flood is still refused', () => {
    const { advance, floodBeside, send, saturate } = rated(5);
    send('flood', 10, 100);
    send('quiet', 100, 1);
    saturate();
    const held = floodBeside('quiet', CAPACITY_ESTIMATE_LIFETIME_MS);
    expect(held.flood.get('rate')).toBeGreaterThan(0);
    // The held part ends on the lifetime's last millisecond, when the estimate still holds.
    advance(1);
    expect(floodBeside('quiet', 500).flood).toEqual(new Map([['admitted', 50]]));
  });
});
