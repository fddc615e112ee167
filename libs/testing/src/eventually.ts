/** Options of {@link eventually}. */
export interface EventuallyOptions {
  /** Give up after this long. Default 10 s. */
  timeoutMs?: number;
  /** Wait between attempts. Default 50 ms. */
  intervalMs?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `fn` until it stops throwing and returns its result. After `timeoutMs` the last error is rethrown, so
 * an `expect` inside `fn` reports its own message.
 */
export async function eventually<T>(
  fn: () => Promise<T> | T,
  { timeoutMs = 10_000, intervalMs = 50 }: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw error;
      await sleep(Math.min(intervalMs, remaining));
    }
  }
}
