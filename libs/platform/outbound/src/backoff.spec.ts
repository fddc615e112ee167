import { parseRetryAfter, retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  const policy = { baseDelayMs: 100, maxDelayMs: 1_000 };

  it('doubles per attempt, with half of each delay random, and stays under the ceiling', () => {
    expect(retryDelayMs(1, policy, undefined, () => 0)).toBe(50);
    expect(retryDelayMs(1, policy, undefined, () => 1)).toBe(100);
    expect(retryDelayMs(3, policy, undefined, () => 1)).toBe(400);
    expect(retryDelayMs(10, policy, undefined, () => 1)).toBe(1_000);
  });

  it("uses the server's Retry-After when given", () => {
    expect(retryDelayMs(1, policy, 3_000)).toBe(3_000);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2_000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(parseRetryAfter('Tue, 24 Nov 2026 10:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
