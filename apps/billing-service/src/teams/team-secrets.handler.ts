import { randomBytes } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import { ErrorCode, Subjects, TeamWebhookSecretRequest, type TeamWebhookSecretReply } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { TeamsRepository } from './teams.repository';

@Controller()
@PreserveRpcErrors()
export class TeamSecretsHandler {
  constructor(@Inject(TeamsRepository) private readonly teams: TeamsRepository) {}

  @HandleRequest(Subjects.teamWebhookSecret)
  async webhookSecret(request: TeamWebhookSecretRequest): Promise<TeamWebhookSecretReply> {
    const secret = await this.teams.webhookSecret(request.teamId, randomBytes(32).toString('hex'));
    if (!secret) throw new DomainError(ErrorCode.NotFound, `team ${request.teamId} not found`);
    return { secret };
  }
}
