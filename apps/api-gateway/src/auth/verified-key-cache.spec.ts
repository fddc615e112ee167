import { VerifiedKeyCache } from './verified-key-cache';

const team = (teamId: string) => ({ teamId, concurrencyLimit: 2 });

describe('VerifiedKeyCache', () => {
  it('answers from memory until the entry expires', () => {
    let now = 1_000;
    const cache = new VerifiedKeyCache(500, 10, () => now);
    cache.remember('hash-a', team('a'));
    now += 500;
    expect(cache.get('hash-a')).toEqual(team('a'));
    now += 2;
    expect(cache.get('hash-a')).toBeUndefined();
  });

  it('forgets a revoked key at once', () => {
    const cache = new VerifiedKeyCache(60_000, 10);
    cache.remember('hash-a', team('a'));
    cache.forget('hash-a');
    expect(cache.get('hash-a')).toBeUndefined();
  });

  it('drops the least recently verified key beyond its size', () => {
    const cache = new VerifiedKeyCache(60_000, 2);
    cache.remember('hash-a', team('a'));
    cache.remember('hash-b', team('b'));
    cache.remember('hash-a', team('a'));
    cache.remember('hash-c', team('c'));
    expect(cache.get('hash-b')).toBeUndefined();
    expect(cache.get('hash-a')).toEqual(team('a'));
    expect(cache.get('hash-c')).toEqual(team('c'));
  });

  it('keeps nothing when switched off with a zero lifetime', () => {
    const cache = new VerifiedKeyCache(0, 10);
    cache.remember('hash-a', team('a'));
    expect(cache.get('hash-a')).toBeUndefined();
  });
});
