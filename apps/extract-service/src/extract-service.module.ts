import { Module } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { LlmProvider } from '@wh/llm';
import { DATABASE } from '@wh/platform/database';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { PlatformModule } from '@wh/platform/runtime';
import { BrandingRefineHandler } from './branding/branding-refine.handler';
import { BrandingRefineService } from './branding/branding-refine.service';
import { AnswerCache } from './cache/answer-cache';
import { LlmAnswerCacheRepository } from './cache/llm-answer-cache.repository';
import type { ExtractDatabase } from './database/extract-database';
import { ExtractServiceConfig } from './extract-service.config';
import { ExtractPageHandler } from './extraction/extract-page.handler';
import { ExtractPageService } from './extraction/extract-page.service';
import { createLlmProvider } from './llm/llm-provider.factory';

export const EXTRACT_SERVICE = 'extract-service';
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
  controllers: [ExtractPageHandler, BrandingRefineHandler],
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
      provide: BrandingRefineService,
      inject: [LLM_PROVIDER, AnswerCache, ExtractServiceConfig],
      useFactory: (provider: LlmProvider | null, cache: AnswerCache, config: ExtractServiceConfig) =>
        new BrandingRefineService(provider, cache, config.LLM_MAX_OUTPUT_TOKENS),
    },
  ],
})
export class ExtractServiceModule {}
