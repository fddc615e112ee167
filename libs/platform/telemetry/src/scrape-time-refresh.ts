/** Reads a value that lives elsewhere (a NATS server, a database) into a gauge. */
export type MetricsRefresher = () => void | Promise<void>;

const refreshers = new Set<MetricsRefresher>();

/** How long a scrape waits for refreshers: a slow dependency leaves its gauges at their last value. */
const REFRESH_LIMIT_MS = 2_000;

/** Runs `refresher` before each /metrics answer until the returned function is called. */
export function onMetricsScrape(refresher: MetricsRefresher): () => void {
  refreshers.add(refresher);
  return () => refreshers.delete(refresher);
}

/** Runs every registered refresher, at most `REFRESH_LIMIT_MS`; a failing one keeps its gauges' last values. */
export async function refreshMetricsBeforeScrape(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, REFRESH_LIMIT_MS);
  });
  const all = Promise.all(
    [...refreshers].map((refresh) =>
      Promise.resolve()
        .then(refresh)
        .catch(() => undefined),
    ),
  );
  await Promise.race([all, limit]);
  clearTimeout(timer);
}
