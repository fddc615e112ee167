import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import type { ScrapeDocument } from '@wh/contracts';
import { ScrapeClient } from '@wh/scrape-client';
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

  @Post('scrape')
  @Billed('scrape')
  @HttpCode(200)
  async scrape(
    @CurrentTeam() team: TeamContext,
    @Body() body: ScrapeRequestDto,
  ): Promise<{ success: true; data: ScrapeDocument }> {
    const { url, zeroDataRetention, origin: _origin, integration: _integration, ...options } = body;
    const resolved = resolveScrapeOptions(options, zeroDataRetention ?? false);
    const data = await this.scrapes.run({
      jobId: randomUUID(),
      teamId: team.teamId,
      ...(team.apiKeyId ? { apiKeyId: team.apiKeyId } : {}),
      url,
      origin: 'direct',
      options: resolved,
      deadlineAt: Date.now() + resolved.timeout,
    });
    return { success: true, data: this.fileUrls.inDocument(data) };
  }
}
