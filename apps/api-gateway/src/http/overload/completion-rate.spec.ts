import { BUCKET_MS, CompletionRate } from './completion-rate';

describe('CompletionRate', () => {
  it('counts the requests of the last second', () => {
    const rate = new CompletionRate();
    for (let at = 10_000; at < 12_000; at += 20) rate.record(at);
    expect(rate.perSecond(12_000)).toBe(50);
  });

  it('measures a burst that began a moment ago at its own rate, from its last whole bucket', () => {
    const rate = new CompletionRate();
    for (let at = 10_000; at < 11_000; at += 100) rate.record(at);
    for (let at = 11_000; at < 11_000 + BUCKET_MS; at += 2) rate.record(at);
    expect(rate.perSecond(11_000 + BUCKET_MS)).toBe(500);
  });

  it('forgets what is older than a second, also after a long silence', () => {
    const rate = new CompletionRate();
    for (let at = 10_000; at < 11_000; at += 10) rate.record(at);
    expect(rate.perSecond(12_050)).toBe(0);
    rate.record(60_000);
    expect(rate.perSecond(60_050)).toBe(1);
  });
});
