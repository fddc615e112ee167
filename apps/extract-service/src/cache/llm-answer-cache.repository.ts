import type { Kysely } from 'kysely';
import type { ExtractDatabase } from '../database/extract-database';

/** A model's answer as stored, with the tokens it cost when it was asked. */
export interface StoredAnswer {
  answer: unknown;
  promptTokens: number;
  completionTokens: number;
}

export interface AnswerKeyParts {
  model: string;
  promptVersion: string;
  task: string;
  schemaHash: string;
  contentHash: string;
}

/** One answer to write, under its key. */
export interface AnswerToStore {
  cacheKey: string;
  parts: AnswerKeyParts;
  stored: StoredAnswer;
}

/**
 * Model answers by question (not team data: the key is made of the model, the prompt's version, the schema and the
 * content's hash, so only someone holding the same content gets the same answer).
 */
export class LlmAnswerCacheRepository {
  constructor(private readonly db: Kysely<ExtractDatabase>) {}

  /** The answer stored under `cacheKey` no earlier than `newerThan`. */
  async find(cacheKey: string, newerThan: Date): Promise<StoredAnswer | undefined> {
    const row = await this.db
      .selectFrom('extract_llm_cache')
      .select(['answer', 'prompt_tokens', 'completion_tokens'])
      .where('cache_key', '=', cacheKey)
      .where('created_at', '>=', newerThan)
      .executeTakeFirst();
    return row && { answer: row.answer, promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens };
  }

  /** Stores answers in one statement; an answer already stored under a key is replaced and dated now. */
  async storeMany(entries: readonly AnswerToStore[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insertInto('extract_llm_cache')
      .values(
        entries.map(({ cacheKey, parts, stored }) => ({
          cache_key: cacheKey,
          model: parts.model,
          prompt_version: parts.promptVersion,
          task: parts.task,
          schema_hash: parts.schemaHash,
          content_hash: parts.contentHash,
          answer: JSON.stringify(stored.answer),
          prompt_tokens: stored.promptTokens,
          completion_tokens: stored.completionTokens,
        })),
      )
      .onConflict((conflict) =>
        conflict.column('cache_key').doUpdateSet((eb) => ({
          answer: eb.ref('excluded.answer'),
          prompt_tokens: eb.ref('excluded.prompt_tokens'),
          completion_tokens: eb.ref('excluded.completion_tokens'),
          created_at: new Date(),
        })),
      )
      .execute();
  }

  /**
   * Deletes at most `limit` answers stored before `olderThan`, oldest first, and says how many went. Rows another
   * replica's sweep holds are skipped rather than waited for.
   */
  async deleteStoredBefore(olderThan: Date, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('extract_llm_cache')
      .where(
        'cache_key',
        'in',
        this.db
          .selectFrom('extract_llm_cache')
          .select('cache_key')
          .where('created_at', '<', olderThan)
          .orderBy('created_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
