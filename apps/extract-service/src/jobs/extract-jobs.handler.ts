import { Controller, Inject } from '@nestjs/common';
import {
  type ExtractJobCreateReply,
  ExtractJobCreateRequest,
  ExtractJobRef,
  type ExtractJobView,
  Subjects,
} from '@wh/contracts';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { CreateExtractJob } from './create-extract-job.service';
import { extractJobView } from './extract-job-view';
import { ExtractJobsRepository } from './extract-jobs.repository';

/** The gateway's calls about POST /v2/extract jobs. */
@Controller()
@PreserveRpcErrors()
export class ExtractJobsHandler {
  constructor(
    @Inject(CreateExtractJob) private readonly createJob: CreateExtractJob,
    @Inject(ExtractJobsRepository) private readonly jobs: ExtractJobsRepository,
  ) {}

  @HandleRequest(Subjects.extractJobCreate)
  async create(request: ExtractJobCreateRequest): Promise<ExtractJobCreateReply> {
    return this.createJob.execute(request);
  }

  @HandleRequest(Subjects.extractJobStatus)
  async status(ref: ExtractJobRef): Promise<ExtractJobView> {
    return extractJobView(await this.jobs.find(ref.teamId, ref.jobId));
  }
}
