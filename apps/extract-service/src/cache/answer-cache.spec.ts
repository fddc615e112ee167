import { AnswerCache, hashOf } from './answer-cache';
import type { AnswerKeyParts, AnswerToStore, StoredAnswer } from './llm-answer-cache.repository';

const KEY: AnswerKeyParts = {
  model: 'm',
  promptVersion: 'v1',
  task: 'extract',
  schemaHash: 'schema',
  contentHash: 'content',
};
const ANSWER: StoredAnswer = { answer: { title: 'Lamp' }, promptTokens: 10, completionTokens: 2 };

function keyFor(content: string): AnswerKeyParts {
  return { ...KEY, contentHash: content };
}

/** A repository whose writes land only when the test says so, each statement kept with its answers. */
class HeldWrites {
  readonly statements: string[][] = [];
  reads = 0;
  private readonly held: Array<{ land: () => void; fail: (error: Error) => void }> = [];

  find = async (): Promise<StoredAnswer | undefined> => {
    this.reads += 1;
    return undefined;
  };

  storeMany = (entries: readonly AnswerToStore[]): Promise<void> =>
    new Promise((resolve, reject) => {
      this.held.push({
        land: () => {
          this.statements.push(entries.map((entry) => entry.cacheKey));
          resolve();
        },
        fail: reject,
      });
    });

  get heldCount(): number {
    return this.held.length;
  }

  landAll(): void {
    for (const write of this.held.splice(0)) write.land();
  }

  failAll(error: Error): void {
    for (const write of this.held.splice(0)) write.fail(error);
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('AnswerCache writes behind the reply', () => {
  it('gathers the answers of a few milliseconds into one statement, and serves them from memory meanwhile', async () => {
    const repository = new HeldWrites();
    const cache = new AnswerCache(repository, 60_000, { warn: jest.fn() });

    cache.putInBackground(keyFor('a'), ANSWER, false);
    cache.putInBackground(keyFor('b'), ANSWER, false);
    cache.putInBackground(keyFor('a'), { ...ANSWER, promptTokens: 11 }, false);
    expect(repository.heldCount).toBe(0);
    expect(await cache.get(keyFor('a'), false)).toEqual({ ...ANSWER, promptTokens: 11 });
    expect(repository.reads).toBe(0);

    await pause(40);
    expect(repository.heldCount).toBe(1);
    repository.landAll();
    await cache.writesSettled();
    expect(repository.statements).toEqual([[hashOf(keyFor('a')), hashOf(keyFor('b'))]]);
    // Written: the next read goes to the database.
    await cache.get(keyFor('a'), false);
    expect(repository.reads).toBe(1);
  });

  it('writes a full batch at once, without waiting for the timer', () => {
    const repository = new HeldWrites();
    const cache = new AnswerCache(repository, 60_000, { warn: jest.fn() });
    for (let index = 0; index < 64; index += 1) cache.putInBackground(keyFor(`page-${index}`), ANSWER, false);
    expect(repository.heldCount).toBe(1);
    repository.landAll();
    expect(repository.statements[0]).toHaveLength(64);
  });

  it('returns before the write lands, and shutdown writes what waits and waits for it', async () => {
    const repository = new HeldWrites();
    const cache = new AnswerCache(repository, 60_000, { warn: jest.fn() });

    cache.putInBackground(KEY, ANSWER, false);
    expect(repository.statements).toEqual([]);

    let shutDown = false;
    const shutdown = cache.beforeApplicationShutdown().then(() => (shutDown = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(repository.heldCount).toBe(1);
    expect(shutDown).toBe(false);

    repository.landAll();
    await shutdown;
    expect(repository.statements).toEqual([[hashOf(KEY)]]);
  });

  it('logs a failed write instead of failing anyone, and shutdown still completes', async () => {
    const repository = new HeldWrites();
    const warn = jest.fn();
    const cache = new AnswerCache(repository, 60_000, { warn });

    cache.putInBackground(KEY, ANSWER, false);
    const settled = cache.writesSettled();
    repository.failAll(new Error('connection reset'));
    await settled;

    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ tasks: ['extract'], answers: 1 }),
      'LLM answers not cached',
    );
  });

  it('writes nothing under zero data retention or with the cache switched off', async () => {
    const repository = new HeldWrites();
    const kept = new AnswerCache(repository, 60_000, { warn: jest.fn() });
    const off = new AnswerCache(repository, 0, { warn: jest.fn() });
    kept.putInBackground(KEY, ANSWER, true);
    off.putInBackground(KEY, ANSWER, false);
    await Promise.all([kept.writesSettled(), off.writesSettled()]);
    expect(repository.heldCount).toBe(0);
    expect(await kept.get(KEY, true)).toBeUndefined();
  });
});
