import { randomUUID } from 'node:crypto';
import type { BrowserReplicaHeartbeat } from '@wh/contracts';
import { testDatabase, uniqueName } from '@wh/testing';
import type { BrowserSessionDatabase } from '../database/browser-session-database';
import { ReplicasRepository } from './replicas.repository';

describe('ReplicasRepository', () => {
  const database = testDatabase<BrowserSessionDatabase>();
  let replicas: ReplicasRepository;

  beforeAll(() => {
    replicas = new ReplicasRepository(database.db);
  });

  function heartbeat(overrides: Partial<BrowserReplicaHeartbeat> = {}): BrowserReplicaHeartbeat {
    return {
      replicaId: uniqueName('replica'),
      endpoint: 'http://10.0.0.1:3103',
      maxSessions: 4,
      freeSlots: 4,
      ...overrides,
    };
  }

  async function lastHeard(replicaId: string, at: Date): Promise<void> {
    await database.db
      .updateTable('browser_replicas')
      .set({ last_heartbeat_at: at })
      .where('id', '=', replicaId)
      .execute();
  }

  async function sessionOn(replicaId: string, status: 'active' | 'destroyed'): Promise<void> {
    await database.db
      .insertInto('browser_sessions')
      .values({
        id: randomUUID(),
        team_id: 'team',
        replica_id: replicaId,
        status,
        ttl_seconds: 600,
        activity_ttl_seconds: 300,
        stream_web_view: false,
        profile_name: null,
        cdp_token_hash: randomUUID(),
        view_token_hash: null,
        interactive_token_hash: null,
        expires_at: new Date(Date.now() + 600_000),
        ended_at: null,
        end_reason: null,
      })
      .execute();
  }

  async function stored(replicaId: string) {
    return database.db.selectFrom('browser_replicas').selectAll().where('id', '=', replicaId).executeTakeFirst();
  }

  it("keeps one row per replica, updated to its latest heartbeat's endpoint, room and time", async () => {
    const first = heartbeat();
    await replicas.recordHeartbeat(first);
    await lastHeard(first.replicaId, new Date('2026-01-01T00:00:00Z'));

    await replicas.recordHeartbeat({ ...first, endpoint: 'http://10.0.0.2:3103', freeSlots: 1 });

    expect(await replicas.endpointOf(first.replicaId)).toBe('http://10.0.0.2:3103');
    expect(await stored(first.replicaId)).toMatchObject({
      max_sessions: 4,
      free_slots: 1,
      last_heartbeat_at: expect.any(Date),
    });
    expect((await stored(first.replicaId))!.last_heartbeat_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await replicas.endpointOf(uniqueName('unknown'))).toBeUndefined();
  });

  it('forgets replicas silent since the cut-off unless they still hold an active session', async () => {
    const cutOff = new Date('2026-02-01T00:00:00Z');
    const [silent, silentWithSession, silentWithEndedSession, recent] = [
      heartbeat(),
      heartbeat(),
      heartbeat(),
      heartbeat(),
    ];
    for (const replica of [silent, silentWithSession, silentWithEndedSession, recent])
      await replicas.recordHeartbeat(replica);
    for (const replica of [silent, silentWithSession, silentWithEndedSession])
      await lastHeard(replica.replicaId, new Date('2026-01-15T00:00:00Z'));
    await sessionOn(silentWithSession.replicaId, 'active');
    await sessionOn(silentWithEndedSession.replicaId, 'destroyed');

    expect(await replicas.removeSilent(cutOff)).toBe(2);

    expect(await replicas.endpointOf(silent.replicaId)).toBeUndefined();
    expect(await replicas.endpointOf(silentWithEndedSession.replicaId)).toBeUndefined();
    expect(await replicas.endpointOf(silentWithSession.replicaId)).toBeDefined();
    expect(await replicas.endpointOf(recent.replicaId)).toBeDefined();
  });

  it('takes a stopping replica out at once, and only that one', async () => {
    const [stopping, staying] = [heartbeat(), heartbeat()];
    await replicas.recordHeartbeat(stopping);
    await replicas.recordHeartbeat(staying);

    await replicas.remove(stopping.replicaId);

    expect(await replicas.endpointOf(stopping.replicaId)).toBeUndefined();
    expect(await replicas.endpointOf(staying.replicaId)).toBe(staying.endpoint);
  });
});
