import { Body, Controller, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { type ExtractJobView, Subjects } from '@wh/contracts';
import { NatsRequester } from '@wh/platform/messaging';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { Billed } from '../billing/billed.guard';
import { GatewayConfig } from '../gateway.config';
import { IdempotencyKey } from '../jobs/idempotency-key';
import { ExtractRequestDto } from './extract-request.dto';
import { resolveExtractRequest } from './resolve-extract-request';

/** POST /v2/extract starts a job that extract-service owns; GET /v2/extract/{id} reads it (another team's is a 404). */
@Controller('v2/extract')
@UseGuards(ApiKeyGuard)
export class ExtractController {
  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @Billed('extract', { spendsTokens: true })
  @HttpCode(200)
  async start(
    @CurrentTeam() team: TeamContext,
    @Body() body: ExtractRequestDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<{ success: true; id: string; invalidURLs?: string[] }> {
    const { invalidURLs, ...resolved } = resolveExtractRequest(body, this.config.ALLOW_PRIVATE_TARGETS);
    const { id } = await this.requester.request(
      Subjects.extractJobCreate,
      {
        teamId: team.teamId,
        ...(team.apiKeyId ? { apiKeyId: team.apiKeyId } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
        ...resolved,
      },
      30_000,
    );
    return { success: true, id, ...(body.ignoreInvalidURLs ? { invalidURLs } : {}) };
  }

  @Get(':id')
  @Billed('status')
  async status(
    @CurrentTeam() team: TeamContext,
    @Param('id', new ParseUUIDPipe()) id: string,
  ): Promise<{ success: boolean } & ExtractJobView> {
    const view = await this.requester.request(Subjects.extractJobStatus, { teamId: team.teamId, jobId: id }, 10_000);
    // Firecrawl answers a failed job with `success: false` beside its status and error.
    return { success: view.status !== 'failed', ...view };
  }
}
