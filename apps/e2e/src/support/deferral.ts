/**
 * The seconds a gateway's back-pressure answer (`429` with `RATE_LIMIT_EXCEEDED` and a `Retry-After`) asks a client to
 * wait before trying again; 0 for any other answer, which a client takes as it is.
 */
export function deferralSeconds(
  status: number,
  code: unknown,
  retryAfter: string | string[] | null | undefined,
): number {
  if (status !== 429 || code !== 'RATE_LIMIT_EXCEEDED' || typeof retryAfter !== 'string') return 0;
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}
