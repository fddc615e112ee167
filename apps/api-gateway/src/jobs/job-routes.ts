import { Delete, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CrawlJobErrorsReply, CrawlJobKind, CrawlJobStatus } from '@wh/contracts';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { Billed } from '../billing/billed.guard';
import { JobStatusQueryDto } from './job-status-query.dto';
import type { JobsClient } from './jobs.client';

/** The routes batch scrapes and crawls share: status pages, errors and cancel of one job of the caller's team. */
export abstract class JobRoutes {
  protected constructor(
    protected readonly jobs: JobsClient,
    private readonly kind: CrawlJobKind,
  ) {}

  /** Written as text: the documents of a status page are spliced in as the crawl-scheduler stored them. */
  @Get(':id')
  @Billed('status')
  async status(
    @CurrentTeam() team: TeamContext,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query() query: JobStatusQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const body = await this.jobs.statusJson(team.teamId, this.kind, id, query);
    response.type('application/json');
    return body;
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
