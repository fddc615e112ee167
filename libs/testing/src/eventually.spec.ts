import { eventually } from './eventually';

describe('eventually', () => {
  it('returns the first result that does not throw', async () => {
    let calls = 0;
    const result = await eventually(
      () => {
        calls += 1;
        if (calls < 3) throw new Error('not yet');
        return calls;
      },
      { intervalMs: 1 },
    );
    expect(result).toBe(3);
  });

  it('awaits asynchronous functions', async () => {
    let ready = false;
    setTimeout(() => {
      ready = true;
    }, 30);
    await expect(
      eventually(async () => {
        await Promise.resolve();
        expect(ready).toBe(true);
        return 'done';
      }),
    ).resolves.toBe('done');
  });

  it('rethrows the last error after the timeout', async () => {
    let calls = 0;
    const started = Date.now();
    await expect(
      eventually(
        () => {
          calls += 1;
          throw new Error(`attempt ${calls}`);
        },
        { timeoutMs: 100, intervalMs: 10 },
      ),
    ).rejects.toThrow(/attempt \d+/);
    expect(calls).toBeGreaterThan(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
