import { AnswerCache } from './answer-cache';
import type { AnswerKeyParts, StoredAnswer } from './llm-answer-cache.repository';

const KEY: AnswerKeyParts = {
  model: 'm',
  promptVersion: 'v1',
  task: 'extract',
  schemaHash: 'schema',
  contentHash: 'content',
};
const ANSWER: StoredAnswer = { answer: { title: 'Lamp' }, promptTokens: 10, completionTokens: 2 };

/** A repository whose writes land only when the test says so. */
class HeldWrites {
  readonly stored: string[] = [];
  private readonly held: Array<{ land: () => void; fail: (error: Error) => void }> = [];

  find = async (): Promise<StoredAnswer | undefined> => undefined;

  store = (hash: string): Promise<void> =>
    new Promise((resolve, reject) => {
      this.held.push({
        land: () => {
          this.stored.push(hash);
          resolve();
        },
        fail: reject,
      });
    });

  landAll(): void {
    for (const write of this.held.splice(0)) write.land();
  }

  failAll(error: Error): void {
    for (const write of this.held.splice(0)) write.fail(error);
  }
}

describe('AnswerCache writes behind the reply', () => {
  it('returns before the write lands, and shutdown waits for it', async () => {
    const repository = new HeldWrites();
    const cache = new AnswerCache(repository, 60_000, { warn: jest.fn() });

    cache.putInBackground(KEY, ANSWER, false);
    expect(repository.stored).toEqual([]);

    let shutDown = false;
    const shutdown = cache.beforeApplicationShutdown().then(() => (shutDown = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(shutDown).toBe(false);

    repository.landAll();
    await shutdown;
    expect(repository.stored).toHaveLength(1);
  });

  it('logs a failed write instead of failing anyone, and shutdown still completes', async () => {
    const repository = new HeldWrites();
    const warn = jest.fn();
    const cache = new AnswerCache(repository, 60_000, { warn });

    cache.putInBackground(KEY, ANSWER, false);
    repository.failAll(new Error('connection reset'));
    await cache.writesSettled();

    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ task: 'extract' }), 'LLM answer not cached');
  });

  it('writes nothing under zero data retention or with the cache switched off', async () => {
    const repository = new HeldWrites();
    new AnswerCache(repository, 60_000, { warn: jest.fn() }).putInBackground(KEY, ANSWER, true);
    new AnswerCache(repository, 0, { warn: jest.fn() }).putInBackground(KEY, ANSWER, false);
    repository.landAll();
    expect(repository.stored).toEqual([]);
  });
});
