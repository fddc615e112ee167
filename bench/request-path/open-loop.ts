import { Pool } from 'undici';

/** What one request ended with: an HTTP status, or 0 when it never got one (refused, timed out). */
export type RequestOutcome = number;

export interface OpenLoopResult {
  rate: number;
  durationMs: number;
  latenciesMs: number[];
  /** When the first request was due, in milliseconds since the epoch (to line up the timelines of two clients). */
  startedAtEpochMs: number;
  /** Each request as [its due time from the start, its latency, its outcome], in the order they ended. */
  timeline: [number, number, RequestOutcome][];
  statuses: Map<RequestOutcome, number>;
  /** Requests that were due but whose start the generator itself could not keep up with by more than 10 ms. */
  lateStarts: number;
}

export interface OpenLoopOptions {
  rate: number;
  durationMs: number;
  /** Sends request number `index` and resolves with its status once the whole body is read. */
  send: (index: number) => Promise<RequestOutcome>;
}

const TICK_MS = 2;

/**
 * Fixed-rate (open-loop) load: request i starts at i / rate seconds whatever happened to the ones before, so a slow
 * server meets the same arrivals a real one would, and queueing shows up in the latencies instead of being hidden by
 * a client that waits its turn.
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const total = Math.round((options.rate * options.durationMs) / 1000);
  const latenciesMs: number[] = [];
  const timeline: [number, number, RequestOutcome][] = [];
  const statuses = new Map<RequestOutcome, number>();
  const inFlight = new Set<Promise<void>>();
  let lateStarts = 0;
  const began = performance.now();
  for (let index = 0; index < total;) {
    const now = performance.now();
    while (index < total && began + (index * 1000) / options.rate <= now) {
      const due = began + (index * 1000) / options.rate;
      if (now - due > 10) lateStarts += 1;
      const ended = (status: RequestOutcome): void => {
        const latencyMs = performance.now() - due;
        latenciesMs.push(latencyMs);
        timeline.push([due - began, latencyMs, status]);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      };
      const request: Promise<void> = options.send(index).then(ended, () => ended(0));
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
      index += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.all(inFlight);
  return {
    rate: options.rate,
    durationMs: options.durationMs,
    latenciesMs,
    startedAtEpochMs: performance.timeOrigin + began,
    timeline,
    statuses,
    lateStarts,
  };
}

/** A keep-alive connection pool to the gateway, sized so that the client never queues requests of its own. */
export function gatewayPool(baseUrl: string): Pool {
  return new Pool(baseUrl, { connections: 512, pipelining: 1, keepAliveTimeout: 30_000 });
}

/** One JSON request over the pool; the body is read to the end so the latency covers the whole reply. */
export async function sendJson(
  pool: Pool,
  method: 'GET' | 'POST',
  path: string,
  apiKey: string,
  body?: unknown,
  timeoutMs = 60_000,
): Promise<RequestOutcome> {
  const response = await pool.request({
    method,
    path,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  await response.body.arrayBuffer();
  return response.statusCode;
}

/** Nearest-rank percentile of unsorted samples. */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}
