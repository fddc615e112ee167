import { ACTIVE_TEAM_WINDOW_MS, FairAdmission } from './fair-admission';

function admitMany(admission: FairAdmission, teamId: string, count: number): boolean[] {
  return Array.from({ length: count }, () => admission.tryAdmit(teamId));
}

/** A FairAdmission on a clock the test moves. */
function withClock(maxInFlight: number): { admission: FairAdmission; advance(ms: number): void } {
  let now = 1_000_000;
  return { admission: new FairAdmission(maxInFlight, () => now), advance: (ms) => (now += ms) };
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
    expect(admission.tryAdmit('flood')).toBe(false);
    admission.release('flood');
    admission.release('flood');
    expect(admitMany(admission, 'flood', 2)).toEqual([true, false]);
    expect(admission.inProgress('flood')).toBe(7);
  });

  it('cuts a team that filled the replica alone down to its share once another team arrives', () => {
    const { admission } = withClock(4);
    admitMany(admission, 'flood', 4);

    expect(admission.tryAdmit('quiet')).toBe(true);
    admission.release('flood');
    admission.release('flood');
    // Two teams active: the flood holds 2, its share of 4, and is refused until it holds less.
    expect(admission.tryAdmit('flood')).toBe(false);
    admission.release('flood');
    expect(admission.tryAdmit('flood')).toBe(true);
  });

  it('gives the whole replica back to a team once the others have been idle for the window', () => {
    const { admission, advance } = withClock(4);
    admission.tryAdmit('quiet');
    admission.release('quiet');
    admitMany(admission, 'flood', 2);
    expect(admission.tryAdmit('flood')).toBe(false);

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
