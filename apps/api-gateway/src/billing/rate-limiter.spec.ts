import type { KvEntry } from 'nats';
import { type CounterStore, RateLimiter } from './rate-limiter';

/** An in-memory bucket with the KV's revision rules; `interfere` lets another "replica" write between get and set. */
function fakeStore(interfere: (key: string) => void = () => undefined) {
  const values = new Map<string, { value: string; revision: number }>();
  let revision = 0;
  const entry = (key: string): KvEntry | null => {
    const stored = values.get(key);
    return stored
      ? ({ key, operation: 'PUT', revision: stored.revision, string: () => stored.value } as unknown as KvEntry)
      : null;
  };
  const store: CounterStore = {
    get: async (key: string) => entry(key),
    create: async (key: string, value: unknown) => {
      interfere(key);
      if (values.has(key)) throw new Error('wrong last sequence: 1');
      values.set(key, { value: String(value), revision: ++revision });
      return revision;
    },
    update: async (key: string, value: unknown, expected: number) => {
      interfere(key);
      if (values.get(key)?.revision !== expected) throw new Error('wrong last sequence: 2');
      values.set(key, { value: String(value), revision: ++revision });
      return revision;
    },
  };
  return {
    store,
    values,
    bump: (key: string) =>
      values.set(key, { value: String(Number(values.get(key)?.value ?? 0) + 1), revision: ++revision }),
  };
}

describe('RateLimiter', () => {
  const minute = 29_000_000 * 60_000;

  it('lets `perMinute` requests of a team and kind through in a minute, then refuses with the seconds left', async () => {
    let now = minute + 45_000;
    const { store } = fakeStore();
    const limiter = new RateLimiter(
      async () => store,
      () => now,
    );

    for (let i = 0; i < 3; i += 1) await limiter.hit('team-1', 'scrape', 3);
    const refused = limiter.hit('team-1', 'scrape', 3);

    await expect(refused).rejects.toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { retryAfterSeconds: 15 } });
    await expect(refused).rejects.toThrow(
      /^Rate limit exceeded\. Consumed \(req\/min\): 3, Remaining \(req\/min\): 0\./,
    );
    await limiter.hit('team-1', 'crawl', 3);
    await limiter.hit('team-2', 'scrape', 3);
    now = minute + 60_000;
    await limiter.hit('team-1', 'scrape', 3);
  });

  it('counts a request another replica slipped in between the read and the write, and retries', async () => {
    let interfered = false;
    const fake = fakeStore((key) => {
      if (!interfered) {
        interfered = true;
        fake.bump(key);
      }
    });
    const limiter = new RateLimiter(
      async () => fake.store,
      () => minute,
    );

    await limiter.hit('team-1', 'scrape', 2);
    await expect(limiter.hit('team-1', 'scrape', 2)).rejects.toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    expect([...fake.values.values()].map((entry) => entry.value)).toEqual(['2']);
  });
});
