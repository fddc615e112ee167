import type { Kysely } from 'kysely';
import type { BrowserReplicaHeartbeat } from '@wh/contracts';
import type { BrowserSessionDatabase } from '../database/browser-session-database';

/** The latest heartbeat of every replica: where it listens and how much room it has. */
export class ReplicasRepository {
  constructor(private readonly db: Kysely<BrowserSessionDatabase>) {}

  async recordHeartbeat(heartbeat: BrowserReplicaHeartbeat): Promise<void> {
    const values = { endpoint: heartbeat.endpoint, max_sessions: heartbeat.maxSessions, free_slots: heartbeat.freeSlots, last_heartbeat_at: new Date() };
    await this.db
      .insertInto('browser_replicas')
      .values({ id: heartbeat.replicaId, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }

  async endpointOf(replicaId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('browser_replicas').select(['endpoint']).where('id', '=', replicaId).executeTakeFirst();
    return row?.endpoint;
  }

  /** Forgets replicas silent since `before` that hold no live session any more (their sessions were reaped). */
  async removeSilent(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('browser_replicas as r')
      .where('r.last_heartbeat_at', '<=', before)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('browser_sessions as s').select('s.id').whereRef('s.replica_id', '=', 'r.id').where('s.status', '=', 'active'))),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** A stopping replica takes itself out of placement at once. */
  async remove(replicaId: string): Promise<void> {
    await this.db.deleteFrom('browser_replicas').where('id', '=', replicaId).execute();
  }
}
