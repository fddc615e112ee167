/** Width of one bucket of the meter. */
export const BUCKET_MS = 100;
const BUCKETS = 10;

/**
 * Requests a replica completed per second, over the last second and over the last whole bucket, from a ring of
 * `BUCKETS` counters: constant memory and a few operations a request, whatever the rate.
 */
export class CompletionRate {
  private readonly counts = new Array<number>(BUCKETS).fill(0);
  /** The bucket number (time / BUCKET_MS) the ring's newest counter belongs to. */
  private newest = 0;

  record(now: number): void {
    this.advance(now);
    this.counts[this.newest % BUCKETS] += 1;
  }

  /**
   * The rate the replica is sustaining, per second: the higher of the last second's count and the last whole
   * bucket's scaled up, so a flood that began a moment ago is measured at its rate, not diluted by the quiet second
   * before it.
   */
  perSecond(now: number): number {
    this.advance(now);
    let lastSecond = 0;
    for (const count of this.counts) lastSecond += count;
    const lastWholeBucket = this.counts[(this.newest - 1 + BUCKETS) % BUCKETS];
    return Math.max(lastSecond, lastWholeBucket * (1000 / BUCKET_MS));
  }

  private advance(now: number): void {
    const bucket = Math.floor(now / BUCKET_MS);
    if (bucket <= this.newest) return;
    const elapsed = Math.min(bucket - this.newest, BUCKETS);
    for (let step = 1; step <= elapsed; step += 1) this.counts[(this.newest + step) % BUCKETS] = 0;
    this.newest = bucket;
  }
}
