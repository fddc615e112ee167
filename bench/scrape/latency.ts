/** Percentiles and throughput of a series of timed calls. */
export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** Runs `call` `count` times with `concurrency` calls in flight, timing each. */
export async function measure(count: number, concurrency: number, call: () => Promise<void>): Promise<LatencySummary> {
  const durations: number[] = [];
  let started = 0;
  const began = performance.now();
  const lane = async (): Promise<void> => {
    while (started < count) {
      started += 1;
      const t0 = performance.now();
      await call();
      durations.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => lane()));
  const elapsedSeconds = (performance.now() - began) / 1000;
  durations.sort((a, b) => a - b);
  return {
    count,
    p50: percentile(durations, 0.5),
    p95: percentile(durations, 0.95),
    p99: percentile(durations, 0.99),
    perSecond: count / elapsedSeconds,
  };
}
