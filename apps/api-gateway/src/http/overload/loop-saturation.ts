import { performance } from 'node:perf_hooks';

/** The shortest window the event loop's utilisation is judged over. */
export const LOOP_WINDOW_MS = 100;

/** The share of a window the event loop spent running callbacks from which this replica counts as saturated. */
export const SATURATED_LOOP_UTILIZATION = 0.9;

/** Milliseconds the event loop has spent waiting for events and running callbacks since the process started. */
export type LoopTimes = () => { idle: number; active: number };

/**
 * Whether this replica's own event loop is saturated: it spent at least SATURATED_LOOP_UTILIZATION of the last window
 * running callbacks. Requests in progress cannot show it: when the gateway itself is what is short of CPU, requests
 * wait in its sockets before any of them is counted in, and those counted in finish quickly, so a flood's requests were
 * all taken (each costing the gateway several times what a refusal does) while everyone's waited seconds to be read.
 *
 * Read when asked, at most once a window: a busy replica asks on every request, an idle one not at all.
 */
export class LoopSaturation {
  private lastTimes: { idle: number; active: number };
  private lastAt: number;
  private saturated = false;

  constructor(
    private readonly loopTimes: LoopTimes = () => performance.eventLoopUtilization(),
    now: number = Date.now(),
  ) {
    this.lastTimes = loopTimes();
    this.lastAt = now;
  }

  isSaturated(now: number): boolean {
    if (now - this.lastAt < LOOP_WINDOW_MS) return this.saturated;
    const times = this.loopTimes();
    const active = times.active - this.lastTimes.active;
    const idle = times.idle - this.lastTimes.idle;
    this.saturated = active + idle > 0 && active / (active + idle) >= SATURATED_LOOP_UTILIZATION;
    this.lastTimes = times;
    this.lastAt = now;
    return this.saturated;
  }
}
