import { Module } from '@nestjs/common';
import { Consumers, Streams } from '@wh/contracts';
import type { Kysely } from 'kysely';
import type { LlmProvider } from '@wh/llm';
import type { SearchBackend } from '@wh/search';
import { DATABASE } from '@wh/platform/database';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { PlatformModule } from '@wh/platform/runtime';
import { BrandingRefineHandler } from './branding/branding-refine.handler';
import { BrandingRefineService } from './branding/branding-refine.service';
import { AnswerCache } from './cache/answer-cache';
import { LlmAnswerCacheRepository } from './cache/llm-answer-cache.repository';
import { LlmCacheSweepSchedule } from './cache/llm-cache-sweep.schedule';
import { LlmCacheSweeper } from './cache/llm-cache-sweeper';
import type { ExtractDatabase } from './database/extract-database';
import { ExtractServiceConfig } from './extract-service.config';
import { ExtractPageHandler } from './extraction/extract-page.handler';
import { ExtractPageService } from './extraction/extract-page.service';
import { CreateExtractJob } from './jobs/create-extract-job.service';
import { ExtractJobBiller } from './jobs/extract-job-biller';
import { ExtractJobHousekeeping } from './jobs/extract-job-housekeeping';
import { ExtractJobRunHandler } from './jobs/extract-job-run.handler';
import { ExtractJobsHandler } from './jobs/extract-jobs.handler';
import { ExtractJobsRepository } from './jobs/extract-jobs.repository';
import { JobExtractor } from './jobs/job-extractor';
import { JobPageReader } from './jobs/job-page-reader';
import { RunExtractJob } from './jobs/run-extract-job';
import { TargetResolver } from './jobs/target-resolver';
import { createLlmProvider } from './llm/llm-provider.factory';
import { createSearchBackend } from './search/search-backend.factory';
import { WebSearchHandler } from './search/web-search.handler';
import { WebSearchService } from './search/web-search.service';
import { ScrapeClient } from '@wh/scrape-client';
import { CrawlPromptHandler } from './crawl-prompt/crawl-prompt.handler';
import { CrawlPromptService } from './crawl-prompt/crawl-prompt.service';

export const EXTRACT_SERVICE = 'extract-service';
/** Statements of one sweep pass: with the default batch, up to 20,000 expired answers a pass. */
const LLM_CACHE_SWEEP_BATCHES_PER_PASS = 20;
/** Injection token of the configured model's provider (null: no LLM). */
export const LLM_PROVIDER = Symbol('LLM_PROVIDER');
/** Injection token of the configured web search backend (null: search is off). */
export const SEARCH_BACKEND = Symbol('SEARCH_BACKEND');

/**
 * Owns every LLM and web search call of the platform: `extract.page.run` (the json and summary formats of a page),
 * the jobs of POST /v2/extract (`extract.job.*`, work queue EXTRACT_JOBS), crawl prompts
 * (`extract.crawl-options.generate`) and `search.web.query`.
 */
@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: EXTRACT_SERVICE,
      configClass: ExtractServiceConfig,
      streams: [
        Streams.extractJobs,
        Streams.scrapeJobs,
        Streams.scrapeResults,
        Streams.billingUsage,
        Streams.deadLetters,
      ],
      consumers: [Consumers.extractServiceJobs],
      database: true,
    }),
  ],
  controllers: [
    ExtractPageHandler,
    WebSearchHandler,
    ExtractJobsHandler,
    ExtractJobRunHandler,
    CrawlPromptHandler,
    BrandingRefineHandler,
  ],
  providers: [
    { provide: LLM_PROVIDER, inject: [ExtractServiceConfig, LOGGER], useFactory: createLlmProvider },
    { provide: SEARCH_BACKEND, inject: [ExtractServiceConfig, LOGGER], useFactory: createSearchBackend },
    {
      provide: WebSearchService,
      inject: [SEARCH_BACKEND],
      useFactory: (backend: SearchBackend | null) => new WebSearchService(backend),
    },
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
      provide: JobExtractor,
      inject: [LLM_PROVIDER, AnswerCache, ExtractServiceConfig],
      useFactory: (provider: LlmProvider | null, cache: AnswerCache, config: ExtractServiceConfig) =>
        new JobExtractor(provider, cache, {
          contextTokens: config.LLM_CONTEXT_TOKENS,
          maxOutputTokens: config.LLM_MAX_OUTPUT_TOKENS,
          maxChunks: config.LLM_MAX_CHUNKS,
        }),
    },
    ScrapeClient,
    ExtractJobsRepository,
    TargetResolver,
    JobPageReader,
    ExtractJobBiller,
    RunExtractJob,
    CreateExtractJob,
    ExtractJobHousekeeping,
    {
      provide: CrawlPromptService,
      inject: [LLM_PROVIDER, AnswerCache, ExtractServiceConfig],
      useFactory: (provider: LlmProvider | null, cache: AnswerCache, config: ExtractServiceConfig) =>
        new CrawlPromptService(provider, cache, config.LLM_MAX_OUTPUT_TOKENS),
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
