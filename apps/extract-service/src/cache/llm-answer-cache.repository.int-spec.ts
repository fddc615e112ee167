import { testDatabase } from '@wh/testing';
import type { ExtractDatabase } from '../database/extract-database';
import { type AnswerToStore, LlmAnswerCacheRepository } from './llm-answer-cache.repository';

function answer(cacheKey: string, title: string, promptTokens: number): AnswerToStore {
  return {
    cacheKey,
    parts: { model: 'm', promptVersion: 'v1', task: 'extract', schemaHash: 's', contentHash: cacheKey },
    stored: { answer: { title }, promptTokens, completionTokens: 2 },
  };
}

describe('LlmAnswerCacheRepository on Postgres', () => {
  const database = testDatabase<ExtractDatabase>();

  it('stores a batch in one statement, and a later batch replaces an answer and dates it anew', async () => {
    const repository = new LlmAnswerCacheRepository(database.db);
    const longAgo = new Date(Date.now() - 3_600_000);
    await repository.storeMany([answer('k1', 'Lamp', 10), answer('k2', 'Desk', 20)]);
    await database.db.updateTable('extract_llm_cache').set({ created_at: longAgo }).execute();

    await repository.storeMany([answer('k1', 'Lamp, dimmable', 11)]);

    const recent = new Date(Date.now() - 60_000);
    expect(await repository.find('k1', recent)).toEqual({
      answer: { title: 'Lamp, dimmable' },
      promptTokens: 11,
      completionTokens: 2,
    });
    expect(await repository.find('k2', recent)).toBeUndefined();
    expect(await repository.find('k2', longAgo)).toEqual({
      answer: { title: 'Desk' },
      promptTokens: 20,
      completionTokens: 2,
    });
  });
});
