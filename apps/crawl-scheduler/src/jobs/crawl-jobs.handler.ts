import { Controller, Inject } from '@nestjs/common';
import {
  ActiveCrawlsRequest,
  type ActiveCrawlsReply,
  type CreateCrawlJobReply,
  CreateCrawlJobRequest,
  type CrawlJobCancelReply,
  type CrawlJobErrorsReply,
  CrawlJobRef,
  type CrawlJobStatusReply,
  CrawlJobStatusRequest,
  Subjects,
  type TeamQueueStatusReply,
  TeamQueueStatusRequest,
} from '@wh/contracts';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { CreditReservations } from '../billing/credit-reservations';
import { CrawlPagesRepository } from '../database/crawl-pages.repository';
import { PageDispatcher } from '../dispatch/page-dispatcher';
import { CancelJobService } from './cancel-job.service';
import { CreateJobService } from './create-job.service';
import { JobQueriesService } from './job-queries.service';

/** The gateway's short calls about batch scrapes and crawls, answered by whichever replica is free. */
@Controller()
@PreserveRpcErrors()
export class CrawlJobsHandler {
  constructor(
    @Inject(CreateJobService) private readonly creator: CreateJobService,
    @Inject(JobQueriesService) private readonly queries: JobQueriesService,
    @Inject(CancelJobService) private readonly canceller: CancelJobService,
    @Inject(PageDispatcher) private readonly dispatcher: PageDispatcher,
    @Inject(CrawlPagesRepository) private readonly pages: CrawlPagesRepository,
    @Inject(CreditReservations) private readonly reservations: CreditReservations,
  ) {}

  @HandleRequest(Subjects.crawlJobCreate)
  async create(request: CreateCrawlJobRequest): Promise<CreateCrawlJobReply> {
    const reply = await this.creator.execute(request);
    // A batch can start at once; a crawl starts once the loop has seeded it.
    if (request.kind === 'batch') await this.dispatcher.dispatch(reply.id);
    return reply;
  }

  @HandleRequest(Subjects.crawlJobStatus)
  status(request: CrawlJobStatusRequest): Promise<CrawlJobStatusReply> {
    return this.queries.status(request);
  }

  @HandleRequest(Subjects.crawlJobCancel)
  async cancel(request: CrawlJobRef): Promise<CrawlJobCancelReply> {
    const reply = await this.canceller.execute(request);
    if (reply.status === 'cancelled') await this.reservations.release([request.jobId]);
    return reply;
  }

  @HandleRequest(Subjects.crawlJobErrors)
  errors(request: CrawlJobRef): Promise<CrawlJobErrorsReply> {
    return this.queries.errors(request);
  }

  @HandleRequest(Subjects.crawlJobsActive)
  active(request: ActiveCrawlsRequest): Promise<ActiveCrawlsReply> {
    return this.queries.active(request.teamId);
  }

  @HandleRequest(Subjects.teamQueueStatus)
  async queueStatus(request: TeamQueueStatusRequest): Promise<TeamQueueStatusReply> {
    const queue = await this.pages.queueOf(request.teamId);
    return {
      activeJobsInQueue: queue.active,
      waitingJobsInQueue: queue.waiting,
      mostRecentSuccess: queue.mostRecentSuccess?.toISOString() ?? null,
    };
  }
}
