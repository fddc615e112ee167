import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, LOCAL_TEAM_ID, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { NatsRequester } from '@wh/platform/messaging';
import { GatewayConfig } from '../gateway.config';
import type { TeamContext } from './team-context';

const LOCAL_TEAM: TeamContext = { teamId: LOCAL_TEAM_ID, concurrencyLimit: 10 };

/**
 * Resolves an API key to its team through billing-service, for HTTP routes and WebSocket upgrades alike. Only the
 * key's hash leaves this process.
 */
@Injectable()
export class TeamAuthenticator {
  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  async authenticate(key: string | undefined): Promise<TeamContext> {
    if (this.config.AUTH_DISABLED) return LOCAL_TEAM;
    if (!key) throw new DomainError(ErrorCode.Unauthorized, 'Unauthorized: Missing or malformed Authorization header');
    const keyHash = createHash('sha256').update(key).digest('hex');
    const reply = await this.requester.request(Subjects.apiKeyVerify, { keyHash }, 3_000);
    return { teamId: reply.teamId, concurrencyLimit: reply.concurrencyLimit };
  }
}

/** The key of `Authorization: Bearer <key>`, if the header has that shape. */
export function bearerKey(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}
