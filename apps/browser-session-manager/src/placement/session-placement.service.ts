import { Inject, Injectable } from '@nestjs/common';
import { BrowserSessionManagerConfig } from '../browser-session-manager.config';
import { ProfilesRepository } from '../database/profiles.repository';
import { type ReplicaLoad, ReplicasRepository } from '../database/replicas.repository';
import { type NewSession, SessionsRepository } from '../database/sessions.repository';
import { Transactions } from '../database/transactions';
import { MISSED_HEARTBEATS_BEFORE_DEAD } from '../replica/replica-lifecycle';

/** A session to place: everything but the replica and the expiry, which placement decides. */
export type PlacementRequest = Omit<NewSession, 'replicaId' | 'expiresAt'> & { concurrencyLimit: number };

export type Placement =
  | { kind: 'reserved'; replicaId: string; expiresAt: Date }
  | { kind: 'team-limit'; limit: number }
  | { kind: 'profile-in-use' }
  | { kind: 'no-capacity' };

/**
 * The replica a new session goes to: one still heart-beating, with the most room, which is the lesser of the slots
 * free by its own report and its maximum less the live sessions recorded on it by ours. Sessions placed since its
 * last heartbeat count, so two sessions created between two heartbeats do not both go to the replica whose report
 * said most.
 */
export function chooseReplica(replicas: readonly ReplicaLoad[], heartbeatFreshAfter: Date): ReplicaLoad | undefined {
  let chosen: ReplicaLoad | undefined;
  let chosenRoom = 0;
  for (const replica of replicas) {
    if (replica.lastHeartbeatAt <= heartbeatFreshAfter) continue;
    const room = Math.min(replica.freeSlots, replica.maxSessions - replica.liveSessions);
    if (room > chosenRoom) {
      chosen = replica;
      chosenRoom = room;
    }
  }
  return chosen;
}

/**
 * Reserves a session in one transaction, serialised per team: the team's live sessions against its limit, the
 * profile's writer slot when the session saves, and the replica with most room; the session is recorded there.
 * Concurrent creations of one team cannot both pass the limit.
 */
@Injectable()
export class SessionPlacement {
  constructor(
    @Inject(Transactions) private readonly transactions: Transactions,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(ReplicasRepository) private readonly replicas: ReplicasRepository,
    @Inject(ProfilesRepository) private readonly profiles: ProfilesRepository,
    @Inject(BrowserSessionManagerConfig) private readonly config: BrowserSessionManagerConfig,
  ) {}

  async reserve(request: PlacementRequest): Promise<Placement> {
    const { concurrencyLimit, ...session } = request;
    const heartbeatFreshAfter = new Date(Date.now() - this.config.BROWSER_HEARTBEAT_MS * MISSED_HEARTBEATS_BEFORE_DEAD);
    return this.transactions.run(async (trx): Promise<Placement> => {
      await this.sessions.lockTeam(trx, session.teamId);
      if ((await this.sessions.countLive(trx, session.teamId)) >= concurrencyLimit)
        return { kind: 'team-limit', limit: concurrencyLimit };

      if (session.profile) {
        const profile = await this.profiles.lockOrCreate(trx, session.teamId, session.profile.name);
        if (session.profile.saveChanges && profile.writerSessionId) return { kind: 'profile-in-use' };
      }

      const replica = chooseReplica(await this.replicas.loads(trx), heartbeatFreshAfter);
      if (!replica) return { kind: 'no-capacity' };

      const expiresAt = new Date(Date.now() + session.ttlSeconds * 1000);
      await this.sessions.insert(trx, { ...session, replicaId: replica.id, expiresAt });
      if (session.profile?.saveChanges)
        await this.profiles.setWriter(trx, session.teamId, session.profile.name, session.id);
      return { kind: 'reserved', replicaId: replica.id, expiresAt };
    });
  }
}
