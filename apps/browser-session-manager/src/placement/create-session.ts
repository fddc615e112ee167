import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type BrowserSessionCreateReply, type BrowserSessionCreateRequest, ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { SessionsRepository } from '../database/sessions.repository';
import { ReplicaChannel } from '../replica/replica-channel';
import { SessionPlacement } from './session-placement.service';

/** How long a browser may take to start on the chosen replica (a cold start with a large profile). */
const LAUNCH_TIMEOUT_MS = 30_000;
/** When to try again after every replica was full. */
const CAPACITY_RETRY_AFTER_SECONDS = 5;

function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: createHash('sha256').update(token).digest('hex') };
}

/**
 * Creates a session: reserves it (team limit, profile writer slot, the replica with most room) in Postgres,
 * then asks that replica to start the browser. Tokens are returned once; only their hashes are kept.
 */
@Injectable()
export class CreateSession {
  constructor(
    @Inject(SessionPlacement) private readonly placement: SessionPlacement,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(ReplicaChannel) private readonly replicas: ReplicaChannel,
  ) {}

  async execute(request: BrowserSessionCreateRequest): Promise<BrowserSessionCreateReply> {
    const id = randomUUID();
    const cdp = newToken();
    const view = request.streamWebView ? newToken() : undefined;
    const interactive = request.streamWebView ? newToken() : undefined;
    const reservation = await this.placement.reserve({
      id,
      teamId: request.teamId,
      concurrencyLimit: request.concurrencyLimit,
      ttlSeconds: request.ttlSeconds,
      activityTtlSeconds: request.activityTtlSeconds,
      streamWebView: request.streamWebView,
      profile: request.profile,
      tokenHashes: { cdp: cdp.hash, view: view?.hash ?? null, interactive: interactive?.hash ?? null },
    });
    switch (reservation.kind) {
      case 'team-limit':
        throw new DomainError(
          ErrorCode.ConcurrencyLimitExceeded,
          `Your team already runs ${reservation.limit} browser sessions, its concurrency limit. End one (DELETE /v2/browser/{id}) and try again.`,
          { limit: reservation.limit },
        );
      case 'profile-in-use':
        throw new DomainError(
          ErrorCode.BrowserProfileInUse,
          'Another session is already saving to this profile. Use profile.saveChanges: false to load it read-only, or wait for that session to end.',
          { suggestion: { profile: { name: request.profile?.name, saveChanges: false } } },
        );
      case 'no-capacity':
        throw new DomainError(
          ErrorCode.BrowserCapacityExhausted,
          'No browser capacity is free right now; try again shortly.',
          {
            retryAfterSeconds: CAPACITY_RETRY_AFTER_SECONDS,
          },
        );
    }
    try {
      await this.replicas.call(reservation.replicaId, 'launch', { sessionId: id }, LAUNCH_TIMEOUT_MS);
    } catch (error) {
      // The replica may have started it after all (a lost reply): make sure it does not run unrecorded.
      this.replicas
        .call(reservation.replicaId, 'stop', { sessionId: id, reason: 'launch_failed' }, 5_000)
        .catch(() => undefined);
      await this.sessions.markEnded(id, 'launch_failed', new Date());
      if (error instanceof DomainError && error.code === ErrorCode.BrowserCapacityExhausted) throw error;
      throw new DomainError(ErrorCode.ServiceUnavailable, 'The browser could not be started; try again.', {
        retryAfterSeconds: CAPACITY_RETRY_AFTER_SECONDS,
      });
    }
    return {
      id,
      expiresAt: reservation.expiresAt.toISOString(),
      cdpToken: cdp.token,
      ...(view && interactive ? { viewToken: view.token, interactiveToken: interactive.token } : {}),
    };
  }
}
