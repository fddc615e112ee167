/** A billing period: calendar months in UTC, so periods roll over by themselves. `end` is exclusive. */
export interface BillingPeriod {
  start: Date;
  end: Date;
}

/** The period `at` falls in. */
export function billingPeriodAt(at: Date): BillingPeriod {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  return { start, end: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)) };
}

/** The period `count` periods before (negative) or after the one `at` falls in. */
export function billingPeriodShifted(at: Date, count: number): BillingPeriod {
  return billingPeriodAt(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + count, 1)));
}
