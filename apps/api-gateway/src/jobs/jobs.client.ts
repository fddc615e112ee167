import { Inject, Injectable } from '@nestjs/common';
import {
  type CreateCrawlJobRequest,
  type CrawlJobErrorsReply,
  type CrawlJobKind,
  type CrawlJobStatus,
  type ScrapeDocument,
  Subjects,
} from '@wh/contracts';
import { NatsRequester } from '@wh/platform/messaging';
import { GatewayConfig } from '../gateway.config';
import type { JobStatusQueryDto } from './job-status-query.dto';

export interface JobStatusResponse {
  success: true;
  status: CrawlJobStatus;
  total: number;
  completed: number;
  creditsUsed: number;
  expiresAt: string;
  next?: string;
  data: ScrapeDocument[];
}

const PATHS: Record<CrawlJobKind, string> = { crawl: '/v2/crawl', batch: '/v2/batch/scrape' };

/** Reads and cancels batch scrapes and crawls through the crawl-scheduler, shaping Firecrawl's responses. */
@Injectable()
export class JobsClient {
  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  async create(request: CreateCrawlJobRequest): Promise<{ id: string }> {
    return this.requester.request(Subjects.crawlJobCreate, request, 30_000);
  }

  /** The job's own status URL, absolute on the public base URL. */
  jobUrl(kind: CrawlJobKind, id: string): string {
    return `${this.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}${PATHS[kind]}/${id}`;
  }

  async status(
    teamId: string,
    kind: CrawlJobKind,
    jobId: string,
    query: JobStatusQueryDto,
  ): Promise<JobStatusResponse> {
    const reply = await this.requester.request(
      Subjects.crawlJobStatus,
      { teamId, kind, jobId, skip: query.skip ?? 0, limit: query.limit },
      30_000,
    );
    const response: JobStatusResponse = {
      success: true,
      status: reply.status,
      total: reply.total,
      completed: reply.completed,
      creditsUsed: reply.creditsUsed,
      expiresAt: reply.expiresAt,
      data: reply.data,
    };
    if (reply.nextSkip !== undefined) {
      const next = new URL(this.jobUrl(kind, jobId));
      next.searchParams.set('skip', String(reply.nextSkip));
      if (query.limit !== undefined) next.searchParams.set('limit', String(query.limit));
      response.next = next.href;
    }
    return response;
  }

  async cancel(teamId: string, kind: CrawlJobKind, jobId: string): Promise<{ success: true; status: CrawlJobStatus }> {
    const reply = await this.requester.request(Subjects.crawlJobCancel, { teamId, kind, jobId }, 10_000);
    return { success: true, status: reply.status };
  }

  async errors(teamId: string, kind: CrawlJobKind, jobId: string): Promise<CrawlJobErrorsReply & { success: true }> {
    const reply = await this.requester.request(Subjects.crawlJobErrors, { teamId, kind, jobId }, 10_000);
    return { success: true, ...reply };
  }
}
