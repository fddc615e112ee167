import { SharedLookups } from './shared-lookups';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: Error) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SharedLookups', () => {
  it('runs one lookup for concurrent callers of the same key and gives each its answer', async () => {
    const lookups = new SharedLookups<string, number>();
    const answer = deferred<number>();
    const lookup = jest.fn(() => answer.promise);
    const callers = [lookups.lookUp('a', lookup), lookups.lookUp('a', lookup), lookups.lookUp('a', lookup)];
    answer.resolve(7);
    await expect(Promise.all(callers)).resolves.toEqual([7, 7, 7]);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('says whether a key’s lookup is under way', async () => {
    const lookups = new SharedLookups<string, number>();
    const answer = deferred<number>();
    const caller = lookups.lookUp('a', () => answer.promise);
    expect([lookups.inFlight('a'), lookups.inFlight('b')]).toEqual([true, false]);
    answer.resolve(1);
    await caller;
    expect(lookups.inFlight('a')).toBe(false);
  });

  it('looks different keys up separately', async () => {
    const lookups = new SharedLookups<string, string>();
    const lookup = jest.fn((key: string) => Promise.resolve(key.toUpperCase()));
    await expect(
      Promise.all([lookups.lookUp('a', () => lookup('a')), lookups.lookUp('b', () => lookup('b'))]),
    ).resolves.toEqual(['A', 'B']);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('starts a new lookup once the last one settled, after an answer or a failure', async () => {
    const lookups = new SharedLookups<string, number>();
    const failing = deferred<number>();
    const first = [lookups.lookUp('a', () => failing.promise), lookups.lookUp('a', () => Promise.resolve(0))];
    failing.reject(new Error('billing unavailable'));
    for (const caller of first) await expect(caller).rejects.toThrow('billing unavailable');
    await expect(lookups.lookUp('a', () => Promise.resolve(2))).resolves.toBe(2);
    await expect(lookups.lookUp('a', () => Promise.resolve(3))).resolves.toBe(3);
  });
});
