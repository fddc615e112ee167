import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { BrowserReplicaHeartbeat } from '@wh/contracts';
import { DATABASE } from '@wh/platform/database';
import type { BrowserSessionDatabase } from './browser-session-database';
import type { Trx } from './transactions';

/** A replica's last heartbeat, with the live sessions Postgres has placed on it. */
export interface ReplicaLoad {
  id: string;
  maxSessions: number;
  /** What the replica itself last reported free (0 when it is short of memory or stopping). */
  freeSlots: number;
  lastHeartbeatAt: Date;
  /** Live sessions recorded on it, including those placed since its last heartbeat. */
  liveSessions: number;
}

/** The latest heartbeat of every replica: where it listens and how much room it has. */
@Injectable()
export class ReplicasRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<BrowserSessionDatabase>) {}

  /** Every known replica and its load, in id order, read inside the placing transaction. */
  async loads(trx: Trx): Promise<ReplicaLoad[]> {
    const rows = await trx
      .selectFrom('browser_replicas as r')
      .select((eb) => [
        'r.id',
        'r.max_sessions',
        'r.free_slots',
        'r.last_heartbeat_at',
        eb
          .selectFrom('browser_sessions as s')
          .select((inner) => inner.fn.countAll<string>().as('live'))
          .whereRef('s.replica_id', '=', 'r.id')
          .where('s.status', '=', 'active')
          .as('live_sessions'),
      ])
      .orderBy('r.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      maxSessions: row.max_sessions,
      freeSlots: row.free_slots,
      lastHeartbeatAt: row.last_heartbeat_at,
      liveSessions: Number(row.live_sessions ?? 0),
    }));
  }

  async recordHeartbeat(heartbeat: BrowserReplicaHeartbeat): Promise<void> {
    const values = {
      endpoint: heartbeat.endpoint,
      max_sessions: heartbeat.maxSessions,
      free_slots: heartbeat.freeSlots,
      last_heartbeat_at: new Date(),
    };
    await this.db
      .insertInto('browser_replicas')
      .values({ id: heartbeat.replicaId, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }

  async endpointOf(replicaId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('browser_replicas')
      .select(['endpoint'])
      .where('id', '=', replicaId)
      .executeTakeFirst();
    return row?.endpoint;
  }

  /** Forgets replicas silent since `before` that hold no live session any more (their sessions were reaped). */
  async removeSilent(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('browser_replicas as r')
      .where('r.last_heartbeat_at', '<=', before)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('browser_sessions as s')
              .select('s.id')
              .whereRef('s.replica_id', '=', 'r.id')
              .where('s.status', '=', 'active'),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** A stopping replica takes itself out of placement at once. */
  async remove(replicaId: string): Promise<void> {
    await this.db.deleteFrom('browser_replicas').where('id', '=', replicaId).execute();
  }
}
