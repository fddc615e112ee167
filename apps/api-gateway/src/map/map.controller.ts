import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ErrorCode, type SiteMapLink, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { NatsRequester } from '@wh/platform/messaging';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { Billed } from '../billing/billed.guard';
import { UsageCharges } from '../billing/usage-charges';
import { MapRequestDto } from './map-request.dto';
import { resolveMapRequest } from './resolve-map-request';

/** Time the reply may take past the map's deadline: the scheduler answers at the deadline itself. */
const REPLY_GRACE_MS = 5_000;

/** Firecrawl's price of a map, whatever its size. */
const MAP_CREDITS = 1;

@Controller('v2')
@UseGuards(ApiKeyGuard)
export class MapController {
  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(UsageCharges) private readonly charges: UsageCharges,
  ) {}

  @Post('map')
  @Billed('map')
  @HttpCode(200)
  async map(
    @CurrentTeam() team: TeamContext,
    @Body() body: MapRequestDto,
  ): Promise<{ success: true; links: SiteMapLink[]; warning?: string }> {
    const { request, timeoutMs } = resolveMapRequest(body, team.teamId, Date.now());
    const reply = await this.requester.request(Subjects.siteMap, request, timeoutMs + REPLY_GRACE_MS);
    if (reply.timedOut) {
      throw new DomainError(ErrorCode.MapTimeout, `Map timed out after ${timeoutMs} ms`, {
        linksFound: reply.links.length,
      });
    }
    await this.charges.charge(team, 'map', randomUUID(), MAP_CREDITS);
    return { success: true, links: reply.links, ...(reply.warning ? { warning: reply.warning } : {}) };
  }
}
