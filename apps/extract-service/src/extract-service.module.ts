import { Module } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { LlmProvider } from '@wh/llm';
import { DATABASE } from '@wh/platform/database';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { PlatformModule } from '@wh/platform/runtime';
import { AnswerCache } from './cache/answer-cache';
import { LlmAnswerCacheRepository } from './cache/llm-answer-cache.repository';
import { LlmCacheSweepSchedule } from './cache/llm-cache-sweep.schedule';
import { LlmCacheSweeper } from './cache/llm-cache-sweeper';
import type { ExtractDatabase } from './database/extract-database';
import { ExtractServiceConfig } from './extract-service.config';
import { ExtractPageHandler } from './extraction/extract-page.handler';
import { ExtractPageService } from './extraction/extract-page.service';
import { createLlmProvider } from './llm/llm-provider.factory';
import { CrawlPromptHandler } from './crawl-prompt/crawl-prompt.handler';
import { CrawlPromptService } from './crawl-prompt/crawl-prompt.service';

export const EXTRACT_SERVICE = 'extract-service';
/** Statements of one sweep pass: with the default batch, up to 20,000 expired answers a pass. */
const LLM_CACHE_SWEEP_BATCHES_PER_PASS = 20;
/** Injection token of the configured model's provider (null: no LLM). */
export const LLM_PROVIDER = Symbol('LLM_PROVIDER');

/** Owns every LLM call of the platform: `extract.page.run` (the json and summary formats of a page). */
@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: EXTRACT_SERVICE,
      configClass: ExtractServiceConfig,
      streams: [],
      consumers: [],
      database: true,
    }),
  ],
  controllers: [ExtractPageHandler, CrawlPromptHandler],
  providers: [
    { provide: LLM_PROVIDER, inject: [ExtractServiceConfig, LOGGER], useFactory: createLlmProvider },
    {
      provide: LlmAnswerCacheRepository,
      inject: [DATABASE],
      useFactory: (db: Kysely<ExtractDatabase>) => new LlmAnswerCacheRepository(db),
    },
    {
      provide: AnswerCache,
      inject: [LlmAnswerCacheRepository, ExtractServiceConfig, LOGGER],
      useFactory: (repository: LlmAnswerCacheRepository, config: ExtractServiceConfig, logger: Logger) =>
        new AnswerCache(repository, config.LLM_CACHE_TTL_MS, logger),
    },
    {
      provide: LlmCacheSweepSchedule,
      inject: [LlmAnswerCacheRepository, ExtractServiceConfig, LOGGER],
      useFactory: (repository: LlmAnswerCacheRepository, config: ExtractServiceConfig, logger: Logger) =>
        new LlmCacheSweepSchedule(
          new LlmCacheSweeper(
            repository,
            {
              ttlMs: config.LLM_CACHE_TTL_MS,
              batchSize: config.LLM_CACHE_SWEEP_BATCH,
              maxBatchesPerPass: LLM_CACHE_SWEEP_BATCHES_PER_PASS,
            },
            logger,
          ),
          config.LLM_CACHE_SWEEP_INTERVAL_MS,
          logger,
        ),
    },
    {
      provide: ExtractPageService,
      inject: [LLM_PROVIDER, AnswerCache, ExtractServiceConfig],
      useFactory: (provider: LlmProvider | null, cache: AnswerCache, config: ExtractServiceConfig) =>
        new ExtractPageService(provider, cache, {
          contextTokens: config.LLM_CONTEXT_TOKENS,
          maxOutputTokens: config.LLM_MAX_OUTPUT_TOKENS,
          maxChunks: config.LLM_MAX_CHUNKS,
        }),
    },
    {
      provide: CrawlPromptService,
      inject: [LLM_PROVIDER, AnswerCache, ExtractServiceConfig],
      useFactory: (provider: LlmProvider | null, cache: AnswerCache, config: ExtractServiceConfig) =>
        new CrawlPromptService(provider, cache, config.LLM_MAX_OUTPUT_TOKENS),
    },
  ],
})
export class ExtractServiceModule {}
