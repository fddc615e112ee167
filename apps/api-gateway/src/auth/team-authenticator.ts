import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'nats';
import { ErrorCode, LOCAL_TEAM_ID, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { listenToBroadcast, NatsClient, NatsRequester } from '@wh/platform/messaging';
import { GatewayConfig } from '../gateway.config';
import { SharedLookups } from '../lookups/shared-lookups';
import type { TeamContext } from './team-context';
import { VerifiedKeyCache } from './verified-key-cache';

const LOCAL_TEAM: TeamContext = { teamId: LOCAL_TEAM_ID, concurrencyLimit: 10 };
// Enough for every key in use on a busy deployment; an entry costs about 200 bytes.
const MAX_CACHED_KEYS = 10_000;

/**
 * Resolves an API key to its team through billing-service, for HTTP routes and WebSocket upgrades alike. Only the
 * key's hash leaves this process. Verified keys are remembered for AUTH_CACHE_TTL_MS, and forgotten as soon as
 * billing announces their revocation.
 */
@Injectable()
export class TeamAuthenticator implements OnModuleInit, OnModuleDestroy {
  private readonly verified: VerifiedKeyCache;
  private readonly verifications = new SharedLookups<string, TeamContext>();
  private revocations: Subscription | undefined;

  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.verified = new VerifiedKeyCache(config.AUTH_CACHE_TTL_MS, MAX_CACHED_KEYS);
  }

  onModuleInit(): void {
    this.revocations = listenToBroadcast(this.nats, this.logger, Subjects.apiKeyRevoked, ({ keyHash }) =>
      this.verified.forget(keyHash),
    );
  }

  onModuleDestroy(): void {
    this.revocations?.unsubscribe();
  }

  /** The team of `key` when it is known without asking billing (verified lately, or auth switched off). */
  knownTeam(key: string | undefined): TeamContext | undefined {
    if (this.config.AUTH_DISABLED) return LOCAL_TEAM;
    return key ? this.verified.get(hashOf(key)) : undefined;
  }

  async authenticate(key: string | undefined): Promise<TeamContext> {
    if (this.config.AUTH_DISABLED) return LOCAL_TEAM;
    if (!key) throw new DomainError(ErrorCode.Unauthorized, 'Unauthorized: Missing or malformed Authorization header');
    const keyHash = hashOf(key);
    const cached = this.verified.get(keyHash);
    if (cached) return cached;
    return this.verifications.lookUp(keyHash, () => this.verify(keyHash));
  }

  private async verify(keyHash: string): Promise<TeamContext> {
    const reply = await this.requester.request(Subjects.apiKeyVerify, { keyHash }, 3_000);
    const team = { teamId: reply.teamId, apiKeyId: reply.keyId, concurrencyLimit: reply.concurrencyLimit };
    this.verified.remember(keyHash, team);
    return team;
  }
}

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The key of `Authorization: Bearer <key>`, if the header has that shape. */
export function bearerKey(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}
