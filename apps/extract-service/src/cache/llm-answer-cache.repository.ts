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

  async store(cacheKey: string, parts: AnswerKeyParts, stored: StoredAnswer): Promise<void> {
    const answer = JSON.stringify(stored.answer);
    await this.db
      .insertInto('extract_llm_cache')
      .values({
        cache_key: cacheKey,
        model: parts.model,
        prompt_version: parts.promptVersion,
        task: parts.task,
        schema_hash: parts.schemaHash,
        content_hash: parts.contentHash,
        answer,
        prompt_tokens: stored.promptTokens,
        completion_tokens: stored.completionTokens,
      })
      .onConflict((conflict) =>
        conflict.column('cache_key').doUpdateSet({
          answer,
          prompt_tokens: stored.promptTokens,
          completion_tokens: stored.completionTokens,
          created_at: new Date(),
        }),
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
