import { createHash } from 'node:crypto';
import type { BeforeApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@wh/platform/logging';
import type {
  AnswerKeyParts,
  AnswerToStore,
  LlmAnswerCacheRepository,
  StoredAnswer,
} from './llm-answer-cache.repository';

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

/** How long an answer waits to be written with those that follow it. */
const WRITE_DELAY_MS = 20;
/** Answers written in one statement at most; a full batch is written at once. */
const WRITE_BATCH = 64;

/**
 * The cache of model answers, as extraction uses it: nothing is read or written for a zero-data-retention request,
 * entries older than the TTL are not served, and a database failure costs a model call, never the request.
 * Answers are written behind the reply, gathered for a few milliseconds into one statement: a write per answer cost a
 * Postgres round trip on the path of the next request. An answer waiting to be written is served from memory;
 * shutdown writes what waits and waits for the writes in flight before the database pool closes.
 */
export class AnswerCache implements BeforeApplicationShutdown {
  private readonly writesInFlight = new Set<Promise<void>>();
  private waiting = new Map<string, AnswerToStore>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repository: Pick<LlmAnswerCacheRepository, 'find' | 'storeMany'>,
    private readonly ttlMs: number,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  async get(parts: AnswerKeyParts, zeroDataRetention: boolean): Promise<StoredAnswer | undefined> {
    if (zeroDataRetention || this.ttlMs === 0) return undefined;
    const cacheKey = hashOf(parts);
    const waiting = this.waiting.get(cacheKey);
    if (waiting) return waiting.stored;
    try {
      return await this.repository.find(cacheKey, new Date(Date.now() - this.ttlMs));
    } catch (error) {
      this.logger.warn({ err: error, task: parts.task }, 'LLM answer cache not readable; asking the model');
      return undefined;
    }
  }

  /** Queues the write and returns at once; `writesSettled` tells when it (and every other) has landed. */
  putInBackground(parts: AnswerKeyParts, stored: StoredAnswer, zeroDataRetention: boolean): void {
    if (zeroDataRetention || this.ttlMs === 0) return;
    const cacheKey = hashOf(parts);
    this.waiting.set(cacheKey, { cacheKey, parts, stored });
    if (this.waiting.size >= WRITE_BATCH) this.writeWaiting();
    else this.timer ??= setTimeout(() => this.writeWaiting(), WRITE_DELAY_MS);
  }

  async writesSettled(): Promise<void> {
    this.writeWaiting();
    while (this.writesInFlight.size > 0) await Promise.all([...this.writesInFlight]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.writesSettled();
  }

  private writeWaiting(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiting.size === 0) return;
    const batch = this.waiting;
    this.waiting = new Map();
    const entries = [...batch.values()];
    const write = this.repository.storeMany(entries).then(
      () => undefined,
      (error: unknown) =>
        this.logger.warn(
          { err: error, tasks: [...new Set(entries.map((entry) => entry.parts.task))], answers: entries.length },
          'LLM answers not cached',
        ),
    );
    this.writesInFlight.add(write);
    void write.finally(() => this.writesInFlight.delete(write));
  }
}
