import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type ExtractJobCreateReply, type ExtractJobCreateRequest, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { JetStreamPublisher } from '@wh/platform/messaging';
import { searchNotConfigured } from '@wh/search';
import { LLM_SETTINGS_HINT } from '../extraction/extract-page.service';
import { WebSearchService } from '../search/web-search.service';
import { ExtractJobsRepository } from './extract-jobs.repository';
import { JobExtractor } from './job-extractor';

/** How long a job and its answer are kept (Firecrawl's extract results expire after a day). */
export const EXTRACT_JOB_TTL_MS = 24 * 3_600_000;

/**
 * Starts a job: refuses at once what this deployment cannot do (no model for a request without a schema, no search
 * backend for web search), records the job and queues its command. An idempotency key the team used before is a
 * 409, as for crawls and batches (and Firecrawl).
 */
@Injectable()
export class CreateExtractJob {
  constructor(
    @Inject(ExtractJobsRepository) private readonly jobs: ExtractJobsRepository,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
    @Inject(JobExtractor) private readonly extractor: JobExtractor,
    @Inject(WebSearchService) private readonly search: WebSearchService,
  ) {}

  async execute(request: ExtractJobCreateRequest): Promise<ExtractJobCreateReply> {
    if (!this.extractor.hasModel && !request.schema) {
      throw new DomainError(
        ErrorCode.LlmNotConfigured,
        `extract without a schema needs an LLM, and this deployment has none: ${LLM_SETTINGS_HINT}; with a schema, the page's structured data is read without one`,
        { settings: ['LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY'] },
      );
    }
    if (request.enableWebSearch && !this.search.configured) throw searchNotConfigured();
    const { teamId, apiKeyId, idempotencyKey, ...asked } = request;
    const { id, created } = await this.jobs.create({
      id: randomUUID(),
      teamId,
      ...(apiKeyId ? { apiKeyId } : {}),
      ...(idempotencyKey ? { idempotencyKey } : {}),
      request: {
        urls: asked.urls,
        prompt: asked.prompt,
        schema: asked.schema,
        systemPrompt: asked.systemPrompt,
        showSources: asked.showSources,
        enableWebSearch: asked.enableWebSearch,
        scrapeOptions: asked.scrapeOptions,
      },
      expiresAt: new Date(Date.now() + EXTRACT_JOB_TTL_MS),
    });
    if (!created) throw new DomainError(ErrorCode.Conflict, 'Idempotency key already used', { id });
    try {
      await this.publisher.publish(Subjects.extractJobRun, { teamId, jobId: id }, { msgId: `extract-job:${id}` });
    } catch (error) {
      // Without its command the job would wait forever: the caller is told to try again instead.
      await this.jobs.remove(teamId, id);
      throw error;
    }
    return { id };
  }
}
