import type { Logger } from '@wh/platform/logging';
import type { LlmAnswerCacheRepository } from './llm-answer-cache.repository';

export interface SweepSettings {
  /** Answers older than this are never served again (`LLM_CACHE_TTL_MS`; 0: the cache is off, all may go). */
  ttlMs: number;
  /** Rows deleted per statement, so one sweep never holds a long lock or a large transaction. */
  batchSize: number;
  /** Statements per pass: a backlog is worked off over several passes instead of in one long burst. */
  maxBatchesPerPass: number;
}

/**
 * Removes LLM answers past their TTL. `AnswerCache` already refuses to serve them; this keeps the table from growing
 * without end. Bounded batches with `skip locked` let every replica sweep at the same time without waiting on one
 * another.
 */
export class LlmCacheSweeper {
  constructor(
    private readonly repository: Pick<LlmAnswerCacheRepository, 'deleteStoredBefore'>,
    private readonly settings: SweepSettings,
    private readonly logger: Pick<Logger, 'info'>,
  ) {}

  /** One pass: deletes expired answers batch by batch until a batch comes back short or the pass's cap is hit. */
  async sweep(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.settings.ttlMs);
    let deleted = 0;
    for (let batch = 0; batch < this.settings.maxBatchesPerPass; batch += 1) {
      const removed = await this.repository.deleteStoredBefore(cutoff, this.settings.batchSize);
      deleted += removed;
      if (removed < this.settings.batchSize) break;
    }
    if (deleted > 0) this.logger.info({ deleted, cutoff }, 'expired LLM answers deleted');
    return deleted;
  }
}
