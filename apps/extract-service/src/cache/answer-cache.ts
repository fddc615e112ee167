import { createHash } from 'node:crypto';
import type { BeforeApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@wh/platform/logging';
import type { AnswerKeyParts, LlmAnswerCacheRepository, StoredAnswer } from './llm-answer-cache.repository';

/** SHA-256 of a JSON value with its object keys sorted, so equal schemas hash alike whatever their key order. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The cache of model answers, as extraction uses it: nothing is read or written for a zero-data-retention request,
 * entries older than the TTL are not served, and a database failure costs a model call, never the request.
 * Answers are written behind the reply (a Postgres round trip the caller need not wait for); shutdown waits for
 * the writes still in flight before the database pool closes.
 */
export class AnswerCache implements BeforeApplicationShutdown {
  private readonly writesInFlight = new Set<Promise<void>>();

  constructor(
    private readonly repository: Pick<LlmAnswerCacheRepository, 'find' | 'store'>,
    private readonly ttlMs: number,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  async get(parts: AnswerKeyParts, zeroDataRetention: boolean): Promise<StoredAnswer | undefined> {
    if (zeroDataRetention || this.ttlMs === 0) return undefined;
    try {
      return await this.repository.find(hashOf(parts), new Date(Date.now() - this.ttlMs));
    } catch (error) {
      this.logger.warn({ err: error, task: parts.task }, 'LLM answer cache not readable; asking the model');
      return undefined;
    }
  }

  /** Starts the write and returns at once; `writesSettled` tells when it (and every other) has landed. */
  putInBackground(parts: AnswerKeyParts, stored: StoredAnswer, zeroDataRetention: boolean): void {
    if (zeroDataRetention || this.ttlMs === 0) return;
    const write = this.repository.store(hashOf(parts), parts, stored).then(
      () => undefined,
      (error: unknown) => this.logger.warn({ err: error, task: parts.task }, 'LLM answer not cached'),
    );
    this.writesInFlight.add(write);
    void write.finally(() => this.writesInFlight.delete(write));
  }

  async writesSettled(): Promise<void> {
    while (this.writesInFlight.size > 0) await Promise.all([...this.writesInFlight]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.writesSettled();
  }
}
