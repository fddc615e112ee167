import { acquireAttemptSlot, describeNoAttemptSlot } from './attempt-slot';
import { Semaphore } from './semaphore';

describe('acquireAttemptSlot', () => {
  it('gives a slot whose signal ends at the earlier of the timeout and the deadline', async () => {
    const semaphore = new Semaphore(1);
    const slot = await acquireAttemptSlot(semaphore, { timeoutMs: 60_000, deadlineAt: Date.now() + 50 });
    if ('refused' in slot) throw new Error('expected a slot');
    expect(slot.timeoutMs).toBeLessThanOrEqual(50);
    expect(semaphore.inUse).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(slot.signal.aborted).toBe(true);
    slot.release();
    expect(semaphore.inUse).toBe(0);
  });

  it('refuses when the deadline has passed or the caller stopped waiting', async () => {
    const semaphore = new Semaphore(1);
    expect(await acquireAttemptSlot(semaphore, { timeoutMs: 1_000, deadlineAt: Date.now() - 1 })).toEqual({
      refused: 'no-time-left',
      timeLeftMs: 0,
    });
    const stopped = AbortSignal.abort();
    expect(
      await acquireAttemptSlot(semaphore, { timeoutMs: 1_000, deadlineAt: Date.now() + 1_000, signal: stopped }),
    ).toMatchObject({ refused: 'no-time-left' });
    expect(semaphore.inUse).toBe(0);
  });

  it('refuses when no slot frees up within the attempt timeout', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const slot = await acquireAttemptSlot(semaphore, { timeoutMs: 30, deadlineAt: Date.now() + 10_000 });
    expect(slot).toEqual({ refused: 'no-free-slot', timeoutMs: 30 });
    release();
    expect(semaphore.inUse).toBe(0);
  });
});

describe('describeNoAttemptSlot', () => {
  const names = { call: 'the LLM call', slot: 'LLM' };

  it('says the caller ran out of time and how much was left', () => {
    expect(describeNoAttemptSlot({ refused: 'no-time-left', timeLeftMs: 0 }, names, 4)).toEqual({
      message: 'no time was left for the LLM call',
      details: { timeLeftMs: 0 },
    });
  });

  it('says no slot freed up within the timeout, with the concurrency that was full', () => {
    expect(describeNoAttemptSlot({ refused: 'no-free-slot', timeoutMs: 30 }, names, 4)).toEqual({
      message: 'no LLM slot became free within 30 ms',
      details: { timeoutMs: 30, maxConcurrency: 4 },
    });
  });
});
