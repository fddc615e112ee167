import { Inject, Injectable } from '@nestjs/common';
import { type BrowserSessionRef, type BrowserSessionStopReply, ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { type SessionRow, SessionsRepository } from '../database/sessions.repository';
import { ReplicaChannel } from '../replica/replica-channel';

/** A stop waits for the browser to close and its profile to be saved; a large profile takes a while. */
const STOP_TIMEOUT_MS = 60_000;

function stopReply(row: SessionRow): BrowserSessionStopReply {
  const endedAt = row.endedAt ?? new Date();
  return {
    status: 'destroyed',
    sessionDurationMs: endedAt.getTime() - row.createdAt.getTime(),
    endReason: row.endReason ?? 'deleted',
  };
}

/**
 * Ends a team's session on the replica holding it and waits until it is released. Idempotent: an ended session
 * answers with how it ended. A replica that no longer answers has taken its browsers with it.
 */
@Injectable()
export class StopSession {
  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(ReplicaChannel) private readonly replicas: ReplicaChannel,
  ) {}

  async execute(ref: BrowserSessionRef): Promise<BrowserSessionStopReply> {
    const row = await this.sessions.findForTeam(ref.teamId, ref.sessionId);
    if (!row) throw new DomainError(ErrorCode.NotFound, 'Browser session not found');
    if (row.status === 'active') {
      try {
        await this.replicas.call(row.replicaId, 'stop', { sessionId: row.id, reason: 'deleted' }, STOP_TIMEOUT_MS);
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== ErrorCode.ServiceUnavailable) throw error;
      }
      // Whatever the replica did, the session is over now (a replica that did not answer took its browser with it).
      await this.sessions.markEnded(row.id, 'deleted', new Date());
    }
    const ended = await this.sessions.findForTeam(ref.teamId, ref.sessionId);
    return stopReply(ended ?? row);
  }
}
