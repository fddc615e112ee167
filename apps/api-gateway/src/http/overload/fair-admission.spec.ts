import { FairAdmission } from './fair-admission';

function admitMany(admission: FairAdmission, teamId: string, count: number): boolean[] {
  return Array.from({ length: count }, () => admission.tryAdmit(teamId));
}

describe('FairAdmission', () => {
  it('takes every request while the replica has room, whoever sends it', () => {
    const admission = new FairAdmission(4);
    expect(admitMany(admission, 'flood', 4)).toEqual([true, true, true, true]);
    expect(admission.inProgress()).toBe(4);
  });

  it('refuses a flooding team once the replica is full, while another team still gets in', () => {
    const admission = new FairAdmission(4);
    admitMany(admission, 'flood', 4);

    expect(admission.tryAdmit('flood')).toBe(false);
    expect(admission.tryAdmit('quiet')).toBe(true);
    expect(admission.tryAdmit('quiet')).toBe(true);
    // Two teams share four places: the quiet team's share is two.
    expect(admission.tryAdmit('quiet')).toBe(false);
    expect(admission.inProgress('flood')).toBe(4);
    expect(admission.inProgress('quiet')).toBe(2);
  });

  it('takes the flooding team again once its requests end', () => {
    const admission = new FairAdmission(2);
    admitMany(admission, 'flood', 2);
    expect(admission.tryAdmit('flood')).toBe(false);

    admission.release('flood');

    expect(admission.tryAdmit('flood')).toBe(true);
    expect(admission.inProgress()).toBe(2);
  });

  it('forgets a team with nothing in progress, and ignores a release it never admitted', () => {
    const admission = new FairAdmission(2);
    admission.tryAdmit('a');
    admission.release('a');
    admission.release('a');
    admission.release('never');
    expect(admission.inProgress()).toBe(0);
    expect(admitMany(admission, 'b', 2)).toEqual([true, true]);
  });
});
