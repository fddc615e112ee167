import { billingPeriodAt, billingPeriodShifted } from './billing-period';

describe('billingPeriodAt', () => {
  it('is the calendar month in UTC, end exclusive', () => {
    expect(billingPeriodAt(new Date('2026-11-25T12:00:00Z'))).toEqual({
      start: new Date('2026-11-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
    });
  });

  it('rolls over at midnight UTC on the first, across a year', () => {
    expect(billingPeriodAt(new Date('2026-12-31T23:59:59.999Z')).start).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(billingPeriodAt(new Date('2027-01-01T00:00:00Z'))).toEqual({
      start: new Date('2027-01-01T00:00:00Z'),
      end: new Date('2027-02-01T00:00:00Z'),
    });
  });

  it('shifts by whole periods', () => {
    expect(billingPeriodShifted(new Date('2026-01-31T10:00:00Z'), -1).start).toEqual(new Date('2025-12-01T00:00:00Z'));
    expect(billingPeriodShifted(new Date('2026-01-31T10:00:00Z'), 1).start).toEqual(new Date('2026-02-01T00:00:00Z'));
  });
});
