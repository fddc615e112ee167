import { sql } from 'kysely';
import { eventually, testDatabase } from '@wh/testing';
import type { ExtractDatabase } from '../database/extract-database';
import { LlmAnswerCacheRepository } from './llm-answer-cache.repository';
import { LlmCacheSweepSchedule } from './llm-cache-sweep.schedule';
import { LlmCacheSweeper } from './llm-cache-sweeper';

const HOUR = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined };

describe('the LLM answer cache sweeper on Postgres', () => {
  const database = testDatabase<ExtractDatabase>();
  let repository: LlmAnswerCacheRepository;

  beforeAll(() => {
    repository = new LlmAnswerCacheRepository(database.db);
  });
  beforeEach(async () => {
    await database.db.deleteFrom('extract_llm_cache').execute();
  });

  /** Stores `count` answers under `prefix`, written `ageMs` ago. */
  async function storeAnswers(prefix: string, count: number, ageMs: number): Promise<void> {
    await repository.storeMany(
      Array.from({ length: count }, (_, index) => ({
        cacheKey: `${prefix}-${index}`,
        parts: { model: 'm', promptVersion: 'v1', task: 'extract', schemaHash: 's', contentHash: `${prefix}${index}` },
        stored: { answer: { index }, promptTokens: 10, completionTokens: 2 },
      })),
    );
    await database.db
      .updateTable('extract_llm_cache')
      .set({ created_at: new Date(Date.now() - ageMs) })
      .where('cache_key', 'like', `${prefix}-%`)
      .execute();
  }
  const keys = async (): Promise<string[]> =>
    (await database.db.selectFrom('extract_llm_cache').select('cache_key').orderBy('cache_key').execute()).map(
      (row) => row.cache_key,
    );

  it('deletes the answers past their TTL in bounded batches and keeps the fresh ones', async () => {
    await storeAnswers('old', 7, 30 * HOUR);
    await storeAnswers('fresh', 3, HOUR);
    const statements: number[] = [];
    const counting = {
      deleteStoredBefore: async (olderThan: Date, limit: number) => {
        const removed = await repository.deleteStoredBefore(olderThan, limit);
        statements.push(removed);
        return removed;
      },
    };
    const sweeper = new LlmCacheSweeper(counting, { ttlMs: 24 * HOUR, batchSize: 3, maxBatchesPerPass: 10 }, silent);

    expect(await sweeper.sweep()).toBe(7);
    expect(statements).toEqual([3, 3, 1]);
    expect(await keys()).toEqual(['fresh-0', 'fresh-1', 'fresh-2']);
    expect(await sweeper.sweep()).toBe(0);
  });

  it('stops a pass at its cap and works a backlog off over the next passes', async () => {
    await storeAnswers('backlog', 5, 48 * HOUR);
    const sweeper = new LlmCacheSweeper(repository, { ttlMs: 24 * HOUR, batchSize: 2, maxBatchesPerPass: 1 }, silent);
    expect(await sweeper.sweep()).toBe(2);
    expect(await keys()).toHaveLength(3);
    expect(await sweeper.sweep()).toBe(2);
    expect(await sweeper.sweep()).toBe(1);
    expect(await keys()).toEqual([]);
  });

  it('deletes the oldest answers first', async () => {
    await storeAnswers('older', 2, 72 * HOUR);
    await storeAnswers('old', 2, 48 * HOUR);
    const sweeper = new LlmCacheSweeper(repository, { ttlMs: 24 * HOUR, batchSize: 2, maxBatchesPerPass: 1 }, silent);
    await sweeper.sweep();
    expect(await keys()).toEqual(['old-0', 'old-1']);
  });

  it('skips rows another sweep holds instead of waiting for them', async () => {
    await storeAnswers('held', 2, 48 * HOUR);
    await storeAnswers('free', 2, 48 * HOUR);
    await database.db.transaction().execute(async (transaction) => {
      await sql`select cache_key from extract_llm_cache where cache_key like 'held-%' for update`.execute(transaction);
      const sweeper = new LlmCacheSweeper(repository, { ttlMs: HOUR, batchSize: 10, maxBatchesPerPass: 5 }, silent);
      expect(await sweeper.sweep()).toBe(2);
    });
    expect(await keys()).toEqual(['held-0', 'held-1']);
  });

  it('runs on its schedule once the application has started, and stops with it', async () => {
    await storeAnswers('scheduled', 4, 48 * HOUR);
    const sweeper = new LlmCacheSweeper(repository, { ttlMs: 24 * HOUR, batchSize: 2, maxBatchesPerPass: 5 }, silent);
    const schedule = new LlmCacheSweepSchedule(sweeper, 50, silent);
    schedule.onApplicationBootstrap();
    try {
      await eventually(async () => expect(await keys()).toEqual([]));
    } finally {
      await schedule.onApplicationShutdown();
    }
    await storeAnswers('after-stop', 1, 48 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await keys()).toEqual(['after-stop-0']);
  });
});
