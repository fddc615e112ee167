import { Delete, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import type { CrawlJobErrorsReply, CrawlJobKind, CrawlJobStatus } from '@wh/contracts';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { Billed } from '../billing/billed.guard';
import { JobStatusQueryDto } from './job-status-query.dto';
import type { JobsClient, JobStatusResponse } from './jobs.client';

/** The routes batch scrapes and crawls share: status pages, errors and cancel of one job of the caller's team. */
export abstract class JobRoutes {
  protected constructor(
    protected readonly jobs: JobsClient,
    private readonly kind: CrawlJobKind,
  ) {}

  @Get(':id')
  @Billed('status')
  status(
    @CurrentTeam() team: TeamContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: JobStatusQueryDto,
  ): Promise<JobStatusResponse> {
    return this.jobs.status(team.teamId, this.kind, id, query);
  }

  @Get(':id/errors')
  @Billed('status')
  errors(
    @CurrentTeam() team: TeamContext,
    @Param('id', new ParseUUIDPipe()) id: string,
  ): Promise<CrawlJobErrorsReply & { success: true }> {
    return this.jobs.errors(team.teamId, this.kind, id);
  }

  @Delete(':id')
  cancel(
    @CurrentTeam() team: TeamContext,
    @Param('id', new ParseUUIDPipe()) id: string,
  ): Promise<{ success: true; status: CrawlJobStatus }> {
    return this.jobs.cancel(team.teamId, this.kind, id);
  }
}
