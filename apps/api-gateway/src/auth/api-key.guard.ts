import { createHash } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ErrorCode, LOCAL_TEAM_ID, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { NatsRequester } from '@wh/platform/messaging';
import { GatewayConfig } from '../gateway.config';
import type { AuthenticatedRequest } from './team-context';

const LOCAL_TEAM = { teamId: LOCAL_TEAM_ID, concurrencyLimit: 10 };

/**
 * Resolves `Authorization: Bearer <key>` to a team through billing-service. Only the key's hash leaves
 * this process.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (this.config.AUTH_DISABLED) {
      request.team = LOCAL_TEAM;
      return true;
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new DomainError(ErrorCode.Unauthorized, 'Unauthorized: Missing or malformed Authorization header');
    const keyHash = createHash('sha256').update(match[1]).digest('hex');
    const reply = await this.requester.request(Subjects.apiKeyVerify, { keyHash }, 3_000);
    request.team = { teamId: reply.teamId, concurrencyLimit: reply.concurrencyLimit };
    return true;
  }
}
