import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  type CreateCrawlJobRequest,
  type CrawlJobErrorsReply,
  type CrawlJobKind,
  type CrawlJobStatus,
  type ScrapeDocument,
  Subjects,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { decodeJson, encodeJson, LargeObjectStore, NatsClient, NatsRequester } from '@wh/platform/messaging';
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
    @Inject(LargeObjectStore) private readonly largeObjects: LargeObjectStore,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
    @Inject(NatsClient) private readonly nats: NatsClient,
  ) {}

  /** Creates a job; a batch's URL list too long for one message travels through the object store. */
  async create(request: CreateCrawlJobRequest): Promise<{ id: string }> {
    let payload = request;
    if (request.urls && encodeJson(request).byteLength > this.nats.maxPayloadBytes / 2) {
      const { urls, ...rest } = request;
      const urlsObject = `batch-urls-${randomUUID()}`;
      await this.largeObjects.put(urlsObject, encodeJson(urls));
      payload = { ...rest, urlsObject };
    }
    return this.requester.request(Subjects.crawlJobCreate, payload, 30_000);
  }

  /** The job's own status URL, absolute on the public base URL. */
  jobUrl(kind: CrawlJobKind, id: string): string {
    return `${this.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}${PATHS[kind]}/${id}`;
  }

  async status(teamId: string, kind: CrawlJobKind, jobId: string, query: JobStatusQueryDto): Promise<JobStatusResponse> {
    const reply = await this.requester.request(Subjects.crawlJobStatus, { teamId, kind, jobId, skip: query.skip ?? 0, limit: query.limit }, 30_000);
    const data = reply.data ?? (await this.storedData(reply.dataObject));
    const response: JobStatusResponse = {
      success: true,
      status: reply.status,
      total: reply.total,
      completed: reply.completed,
      creditsUsed: reply.creditsUsed,
      expiresAt: reply.expiresAt,
      data,
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

  private async storedData(name: string | undefined): Promise<ScrapeDocument[]> {
    if (!name) return [];
    const body = await this.largeObjects.get(name);
    if (!body) throw new DomainError(ErrorCode.ServiceUnavailable, 'Status page expired before it was read', undefined, true);
    await this.largeObjects.delete(name);
    return decodeJson<ScrapeDocument[]>(body);
  }
}
