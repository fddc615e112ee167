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
import { FileUrls } from '../files/file-urls';
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
    @Inject(FileUrls) private readonly fileUrls: FileUrls,
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
    const { dataJson, ...head } = await this.statusPage(teamId, kind, jobId, query);
    return { ...head, data: JSON.parse(dataJson) as ScrapeDocument[] };
  }

  /**
   * The status page as the JSON text of {@link JobStatusResponse}, members in the same order: the documents arrive
   * as the crawl-scheduler stored them and are spliced in without being parsed.
   */
  async statusJson(teamId: string, kind: CrawlJobKind, jobId: string, query: JobStatusQueryDto): Promise<string> {
    const { dataJson, next, ...head } = await this.statusPage(teamId, kind, jobId, query);
    const nextMember = next === undefined ? '' : `,"next":${JSON.stringify(next)}`;
    return `${JSON.stringify(head).slice(0, -1)},"data":${dataJson}${nextMember}}`;
  }

  private async statusPage(
    teamId: string,
    kind: CrawlJobKind,
    jobId: string,
    query: JobStatusQueryDto,
  ): Promise<Omit<JobStatusResponse, 'data'> & { dataJson: string }> {
    const reply = await this.requester.request(
      Subjects.crawlJobStatus,
      { teamId, kind, jobId, skip: query.skip ?? 0, limit: query.limit },
      30_000,
    );
    const page: Omit<JobStatusResponse, 'data'> & { dataJson: string } = {
      success: true,
      status: reply.status,
      total: reply.total,
      completed: reply.completed,
      creditsUsed: reply.creditsUsed,
      expiresAt: reply.expiresAt,
      dataJson: this.fileUrls.inDocumentsJson(reply.dataJson, teamId),
    };
    if (reply.nextSkip !== undefined) {
      const next = new URL(this.jobUrl(kind, jobId));
      next.searchParams.set('skip', String(reply.nextSkip));
      if (query.limit !== undefined) next.searchParams.set('limit', String(query.limit));
      page.next = next.href;
    }
    return page;
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
