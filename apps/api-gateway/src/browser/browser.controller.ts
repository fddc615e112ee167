import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  BROWSER_ACTIVITY_TTL_SECONDS,
  BROWSER_TTL_SECONDS,
  type BrowserSessionView,
  ErrorCode,
  Subjects,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { NatsRequester } from '@wh/platform/messaging';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { Billed } from '../billing/billed.guard';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { GatewayConfig } from '../gateway.config';
import { CreateBrowserRequestDto, ListBrowsersQueryDto } from './browser-request.dto';
import { browserSessionUrls } from './browser-urls';

/** Creating a session waits for Chromium to start on a replica (cold start with a profile included). */
const CREATE_TIMEOUT_MS = 35_000;
const STOP_TIMEOUT_MS = 65_000;
const LOOKUP_TIMEOUT_MS = 5_000;

const sessionIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => new DomainError(ErrorCode.NotFound, 'Browser session not found'),
});

/** URLs carry tokens that are handed out once, at creation; listings show the session without them. */
function listed(
  view: BrowserSessionView,
): BrowserSessionView & { cdpUrl: string; liveViewUrl: string; interactiveLiveViewUrl: string } {
  return { ...view, cdpUrl: '', liveViewUrl: '', interactiveLiveViewUrl: '' };
}

@Controller('v2/browser')
@UseGuards(ApiKeyGuard)
export class BrowserController {
  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @Billed('browser')
  @HttpCode(200)
  async create(@CurrentTeam() team: TeamContext, @Body() body: CreateBrowserRequestDto) {
    const ttlSeconds = body.ttl ?? BROWSER_TTL_SECONDS.default;
    // Both deadlines apply and the earlier one ends the session, so an activityTtl above ttl is accepted (as
    // Firecrawl does): it simply never fires before the absolute lifetime does.
    const activityTtlSeconds = body.activityTtl ?? Math.min(BROWSER_ACTIVITY_TTL_SECONDS.default, ttlSeconds);
    const created = await this.requester.request(
      Subjects.browserSessionCreate,
      {
        teamId: team.teamId,
        concurrencyLimit: team.concurrencyLimit,
        ttlSeconds,
        activityTtlSeconds,
        streamWebView: body.streamWebView ?? true,
        profile: body.profile && { name: body.profile.name, saveChanges: body.profile.saveChanges ?? true },
      },
      CREATE_TIMEOUT_MS,
    );
    return {
      success: true,
      id: created.id,
      ...browserSessionUrls(this.config.PUBLIC_BASE_URL, created.id, created),
      expiresAt: created.expiresAt,
    };
  }

  @Get()
  @Billed('status')
  async list(@CurrentTeam() team: TeamContext, @Query() query: ListBrowsersQueryDto) {
    const { sessions } = await this.requester.request(
      Subjects.browserSessionList,
      { teamId: team.teamId, status: query.status },
      LOOKUP_TIMEOUT_MS,
    );
    return { success: true, sessions: sessions.map(listed) };
  }

  @Get(':id')
  @Billed('status')
  async get(@CurrentTeam() team: TeamContext, @Param('id', sessionIdPipe) id: string) {
    const view = await this.requester.request(
      Subjects.browserSessionGet,
      { teamId: team.teamId, sessionId: id },
      LOOKUP_TIMEOUT_MS,
    );
    return { success: true, ...listed(view) };
  }

  @Delete(':id')
  async stop(@CurrentTeam() team: TeamContext, @Param('id', sessionIdPipe) id: string) {
    const stopped = await this.requester.request(
      Subjects.browserSessionStop,
      { teamId: team.teamId, sessionId: id },
      STOP_TIMEOUT_MS,
    );
    return {
      success: true,
      status: stopped.status,
      sessionDurationMs: stopped.sessionDurationMs,
      endReason: stopped.endReason,
    };
  }

  @Delete('profiles/:name')
  async deleteProfile(@CurrentTeam() team: TeamContext, @Param('name') name: string) {
    if (name.length < 1 || name.length > 128)
      throw new DomainError(ErrorCode.BadRequest, 'Bad Request: profile name must be 1 to 128 characters');
    await this.requester.request(Subjects.browserProfileDelete, { teamId: team.teamId, name }, LOOKUP_TIMEOUT_MS);
    return { success: true };
  }
}
