import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { type FinishedDocument, ScrapeClient } from '@wh/scrape-client';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { Billed } from '../billing/billed.guard';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { FileUrls } from '../files/file-urls';
import { resolveScrapeOptions } from './resolve-scrape-options';
import { ScrapeRequestDto } from './scrape-request.dto';

@Controller('v2')
@UseGuards(ApiKeyGuard)
export class ScrapeController {
  constructor(
    @Inject(ScrapeClient) private readonly scrapes: ScrapeClient,
    @Inject(FileUrls) private readonly fileUrls: FileUrls,
  ) {}

  /**
   * Answers `{"success":true,"data":<document>}` written as text: a cache hit's document arrives as the JSON text
   * Postgres printed and is spliced in without being parsed, any other is serialised once, as `res.json` would.
   */
  @Post('scrape')
  @Billed('scrape')
  @HttpCode(200)
  async scrape(
    @CurrentTeam() team: TeamContext,
    @Body() body: ScrapeRequestDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const { url, zeroDataRetention, origin: _origin, integration: _integration, ...options } = body;
    const resolved = resolveScrapeOptions(options, zeroDataRetention ?? false);
    const finished = await this.scrapes.runAsTravelled({
      jobId: randomUUID(),
      teamId: team.teamId,
      ...(team.apiKeyId ? { apiKeyId: team.apiKeyId } : {}),
      url,
      origin: 'direct',
      options: resolved,
      deadlineAt: Date.now() + resolved.timeout,
    });
    response.type('application/json');
    return `{"success":true,"data":${this.documentJson(finished, team.teamId)}}`;
  }

  private documentJson(finished: FinishedDocument, teamId: string): string {
    // A cached document holds no stored files (see the worker's cache policy), so its text is sent as it is.
    if ('documentJson' in finished) return finished.documentJson;
    return this.fileUrls.documentJson(finished.document, teamId);
  }
}
