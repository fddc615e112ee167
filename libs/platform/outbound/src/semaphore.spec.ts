import { Semaphore } from './semaphore';

describe('Semaphore', () => {
  it('lets `limit` holders in and the next one when a slot is released', async () => {
    const semaphore = new Semaphore(2);
    const first = await semaphore.acquire();
    await semaphore.acquire();
    let third = false;
    const waiting = semaphore.acquire().then((release) => {
      third = true;
      return release;
    });
    await Promise.resolve();
    expect(third).toBe(false);
    first();
    first();
    (await waiting)();
    expect(third).toBe(true);
    expect(semaphore.inUse).toBe(1);
  });

  it('drops a waiter whose signal ends, without taking a slot', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const controller = new AbortController();
    const waiting = semaphore.acquire(controller.signal);
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    release();
    expect(semaphore.inUse).toBe(0);
    (await semaphore.acquire())();
  });
});
