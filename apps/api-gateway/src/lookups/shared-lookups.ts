/**
 * One lookup in flight per key: callers asking for a key whose lookup is already under way wait for that one instead
 * of starting another. A team that starts a burst with a key this replica has not verified yet (or whose cached
 * answer just expired) sends hundreds of requests before the first answer is back; each asking billing-service on
 * its own queued them all behind one another there, and every other team's requests behind them.
 *
 * Only what is in flight is kept: once a lookup settles, the next caller starts a new one. A failure reaches every
 * caller that waited for it.
 */
export class SharedLookups<K, V> {
  private readonly pending = new Map<K, Promise<V>>();

  /** Whether a lookup of `key` is under way. */
  inFlight(key: K): boolean {
    return this.pending.has(key);
  }

  lookUp(key: K, lookup: () => Promise<V>): Promise<V> {
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const started = lookup().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }
}
