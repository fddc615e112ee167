import type { TeamCreditsReply } from '@wh/contracts';
import { TeamCreditsCache } from './team-credits-cache';

const credits = (remainingCredits: number | null): TeamCreditsReply => ({
  planId: 'p',
  planCredits: remainingCredits,
  remainingCredits,
  billingPeriodStart: '2026-11-01T00:00:00.000Z',
  billingPeriodEnd: '2026-12-01T00:00:00.000Z',
  concurrency: 2,
  rateLimits: {},
  planTokens: null,
  remainingTokens: null,
});

describe('TeamCreditsCache', () => {
  it('answers from memory until the entry expires', () => {
    let now = 1_000;
    const cache = new TeamCreditsCache(500, 10, () => now);
    cache.remember('a', credits(3));
    now += 500;
    expect(cache.get('a')?.credits).toEqual(credits(3));
    now += 2;
    expect(cache.get('a')).toBeUndefined();
  });

  it('counts the requests admitted since the balance was read, until a fresh one replaces it', () => {
    const cache = new TeamCreditsCache(60_000, 10);
    cache.remember('a', credits(3));
    cache.admit('a', 1);
    cache.admit('a', 1);
    expect(cache.get('a')?.admitted).toBe(2);
    cache.remember('a', credits(1));
    expect(cache.get('a')?.admitted).toBe(0);
  });

  it('forgets a team whose balance billing announced as changed', () => {
    const cache = new TeamCreditsCache(60_000, 10);
    cache.remember('a', credits(3));
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
  });

  it('after charges, takes the standing billing announced, and starts counting admissions again', () => {
    const cache = new TeamCreditsCache(60_000, 10);
    cache.remember('a', credits(30));
    cache.admit('a', 2);

    cache.charged('a', { remainingCredits: 12, remainingTokens: null });

    expect(cache.get('a')).toMatchObject({
      credits: { ...credits(30), remainingCredits: 12 },
      admitted: 0,
      stale: false,
    });
  });

  it('after charges announced without a standing, keeps an unlimited one, marks a limited one stale, drops a used-up one', () => {
    const cache = new TeamCreditsCache(60_000, 10);
    cache.remember('unlimited', credits(null));
    cache.remember('limited', credits(3));
    cache.remember('token-limited', { ...credits(null), planTokens: 100, remainingTokens: 40 });
    cache.remember('used-up', credits(1));

    for (const team of ['unlimited', 'limited', 'token-limited']) cache.charged(team, {});
    cache.charged('used-up', { creditsUsedUp: true, remainingCredits: 0 });

    expect(cache.get('unlimited')).toMatchObject({ credits: credits(null), stale: false });
    expect(cache.get('limited')).toMatchObject({ credits: credits(3), stale: true });
    expect(cache.get('token-limited')?.stale).toBe(true);
    expect(cache.get('used-up')).toBeUndefined();
  });

  it('keeps the most recently read teams within its size, and nothing with a zero lifetime', () => {
    const cache = new TeamCreditsCache(60_000, 1);
    cache.remember('a', credits(1));
    cache.remember('b', credits(1));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    const off = new TeamCreditsCache(0, 10);
    off.remember('a', credits(1));
    expect(off.get('a')).toBeUndefined();
  });
});
