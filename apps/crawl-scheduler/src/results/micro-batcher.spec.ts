import { MicroBatcher } from './micro-batcher';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('MicroBatcher', () => {
  it('processes a lone item at once and batches the items that arrive while a batch is in work', async () => {
    const batches: number[][] = [];
    const gate = deferred();
    const batcher = new MicroBatcher<number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await gate.promise;
    }, 10);
    const first = batcher.submit(1);
    const rest = [2, 3, 4].map((item) => batcher.submit(item));
    expect(batches).toEqual([[1]]);
    gate.resolve();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('splits what waits into batches of at most maxBatch', async () => {
    const batches: number[][] = [];
    const gate = deferred();
    const batcher = new MicroBatcher<number>(async (items) => {
      batches.push(items);
      await gate.promise;
    }, 2);
    const all = [1, 2, 3, 4, 5].map((item) => batcher.submit(item));
    gate.resolve();
    await Promise.all(all);
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('settles a submission only after its batch finished', async () => {
    const gate = deferred();
    let settled = false;
    const batcher = new MicroBatcher<number>(() => gate.promise, 10);
    const submitted = batcher.submit(1).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    gate.resolve();
    await submitted;
    expect(settled).toBe(true);
  });

  it('retries the items of a failed batch one by one, so only the item that fails alone is rejected', async () => {
    const gate = deferred();
    const processed: number[][] = [];
    const batcher = new MicroBatcher<number>(async (items) => {
      processed.push(items);
      if (processed.length === 1) await gate.promise;
      if (items.includes(3)) throw new Error('poison');
    }, 10);
    const first = batcher.submit(1);
    const outcomes = Promise.allSettled([2, 3, 4].map((item) => batcher.submit(item)));
    gate.resolve();
    await first;
    expect((await outcomes).map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(processed).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('lets an item that finds it idle wait lingerMs for others, and starts at once when maxBatch are waiting', async () => {
    jest.useFakeTimers();
    try {
      const batches: number[][] = [];
      const batcher = new MicroBatcher<number>(
        async (items) => {
          batches.push(items);
        },
        3,
        20,
      );
      const lingered = [1, 2].map((item) => batcher.submit(item));
      jest.advanceTimersByTime(19);
      expect(batches).toEqual([]);
      jest.advanceTimersByTime(1);
      await Promise.all(lingered);
      expect(batches).toEqual([[1, 2]]);
      const full = [3, 4, 5].map((item) => batcher.submit(item));
      expect(batches).toEqual([
        [1, 2],
        [3, 4, 5],
      ]);
      await Promise.all(full);
    } finally {
      jest.useRealTimers();
    }
  });

  it('runs one batch at a time', async () => {
    const gate = deferred();
    let running = 0;
    let most = 0;
    const batcher = new MicroBatcher<number>(async () => {
      running += 1;
      most = Math.max(most, running);
      await gate.promise;
      running -= 1;
    }, 1);
    const all = [1, 2, 3].map((item) => batcher.submit(item));
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(1);
    gate.resolve();
    await Promise.all(all);
    expect(most).toBe(1);
  });
});
