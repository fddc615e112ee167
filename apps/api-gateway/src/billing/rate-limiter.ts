import type { KV } from 'nats';
import { type EndpointKind, ErrorCode, RateLimitBucket } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { NatsClient } from '@wh/platform/messaging';

const WINDOW_MS = 60_000;
// Replicas racing for one counter retry; past this many lost races the request goes through rather than wait.
const MAX_ATTEMPTS = 8;

/** The part of a key-value bucket the limiter uses (the `nats` KV, or a fake in unit tests). */
export type CounterStore = Pick<KV, 'get' | 'create' | 'update'>;

function isRevisionConflict(error: unknown): boolean {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return /wrong last sequence|10071|key exists/i.test(`${String(message)} ${String(code)}`);
}

/**
 * Requests per team, endpoint kind and minute, counted in a JetStream key-value bucket that every gateway replica
 * shares: a counter moves by compare-and-set on its revision, so two replicas never both take the last request of a
 * minute. Fixed one-minute windows, as Firecrawl's limiter reports them.
 */
export class RateLimiter {
  constructor(
    private readonly store: () => Promise<CounterStore>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request, or refuses it with RATE_LIMIT_EXCEEDED and the seconds until the minute is over. */
  async hit(teamId: string, kind: EndpointKind, perMinute: number): Promise<void> {
    const store = await this.store();
    const now = this.now();
    const window = Math.floor(now / WINDOW_MS);
    const key = `${teamId}.${kind}.${window}`;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const entry = await store.get(key);
      const count = entry && entry.operation === 'PUT' ? Number(entry.string()) : 0;
      if (count >= perMinute) throw rateLimited(count, (window + 1) * WINDOW_MS - now, (window + 1) * WINDOW_MS);
      try {
        if (entry && entry.operation === 'PUT') await store.update(key, String(count + 1), entry.revision);
        else await store.create(key, String(count + 1));
        return;
      } catch (error) {
        if (!isRevisionConflict(error)) throw error;
      }
    }
  }
}

/** The shared counters' bucket, opened (and created when missing) on first use. */
export function rateLimitBucket(nats: NatsClient): () => Promise<CounterStore> {
  let bucket: Promise<CounterStore> | undefined;
  return () => {
    if (!bucket) {
      const opening = nats.jetstream.views.kv(nats.namespace.bucket(RateLimitBucket.name), {
        ttl: RateLimitBucket.ttlMs,
        history: 1,
        // On a cluster the counters outlive the node holding them, like every stream (NATS_REPLICAS).
        replicas: nats.replicas,
      });
      // A failed open (server briefly away) must not stick: the next request tries again.
      opening.catch(() => {
        if (bucket === opening) bucket = undefined;
      });
      bucket = opening;
    }
    return bucket;
  };
}

function rateLimited(consumed: number, msLeft: number, resetsAt: number): DomainError {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  return new DomainError(
    ErrorCode.RateLimitExceeded,
    `Rate limit exceeded. Consumed (req/min): ${consumed}, Remaining (req/min): 0. Upgrade your plan at https://firecrawl.dev/pricing for increased rate limits or please retry after ${seconds}s, resets at ${new Date(resetsAt).toString()}`,
    { retryAfterSeconds: seconds },
  );
}
