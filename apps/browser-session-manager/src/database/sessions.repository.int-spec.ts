import { randomUUID } from 'node:crypto';
import { eventually, testDatabase, uniqueName, heldOpen, waitingForLocks } from '@wh/testing';
import type { BrowserSessionDatabase } from './browser-session-database';
import { ProfilesRepository } from './profiles.repository';
import { ReplicasRepository } from './replicas.repository';
import { type NewSession, SessionsRepository } from './sessions.repository';
import { Transactions } from './transactions';

describe('SessionsRepository', () => {
  const database = testDatabase<BrowserSessionDatabase>();
  let sessions: SessionsRepository;
  let replicas: ReplicasRepository;
  let profiles: ProfilesRepository;
  let transactions: Transactions;

  beforeAll(() => {
    sessions = new SessionsRepository(database.db);
    replicas = new ReplicasRepository(database.db);
    profiles = new ProfilesRepository(database.db);
    transactions = new Transactions(database.db);
  });

  async function aReplica(endpoint = 'http://10.0.0.1:3103'): Promise<string> {
    const replicaId = uniqueName('replica');
    await replicas.recordHeartbeat({ replicaId, endpoint, maxSessions: 4, freeSlots: 4 });
    return replicaId;
  }

  function aSession(replicaId: string, overrides: Partial<NewSession> = {}): NewSession {
    return {
      id: randomUUID(),
      teamId: uniqueName('team'),
      replicaId,
      ttlSeconds: 600,
      activityTtlSeconds: 300,
      streamWebView: false,
      tokenHashes: { cdp: randomUUID(), view: null, interactive: null },
      expiresAt: new Date(Date.now() + 600_000),
      ...overrides,
    };
  }

  async function placed(session: NewSession): Promise<NewSession> {
    await transactions.run((trx) => sessions.insert(trx, session));
    return session;
  }

  /** Sessions of this file's database waiting for a lock another transaction holds. */

  describe('recording and reading sessions', () => {
    it('reads a placed session back as it was recorded, live', async () => {
      const replicaId = await aReplica();
      const session = await placed(
        aSession(replicaId, {
          streamWebView: true,
          profile: { name: 'shop', saveChanges: true },
          tokenHashes: { cdp: randomUUID(), view: randomUUID(), interactive: randomUUID() },
        }),
      );

      expect(await sessions.findById(session.id)).toEqual({
        id: session.id,
        teamId: session.teamId,
        replicaId,
        status: 'active',
        activityTtlSeconds: 300,
        streamWebView: true,
        profileName: 'shop',
        profileSaveChanges: true,
        createdAt: expect.any(Date),
        expiresAt: session.expiresAt,
        lastActivityAt: expect.any(Date),
        endedAt: null,
        endReason: null,
        tokenHashes: session.tokenHashes,
      });
      expect(await sessions.findById(randomUUID())).toBeUndefined();
    });

    it("finds a team's session, never another team's", async () => {
      const session = await placed(aSession(await aReplica()));

      expect((await sessions.findForTeam(session.teamId, session.id))?.id).toBe(session.id);
      expect(await sessions.findForTeam(uniqueName('team'), session.id)).toBeUndefined();
    });

    it("lists a team's sessions newest first, by status when asked, and no other team's", async () => {
      const replicaId = await aReplica();
      const teamId = uniqueName('team');
      const [oldest, middle, newest] = [
        aSession(replicaId, { teamId }),
        aSession(replicaId, { teamId }),
        aSession(replicaId, { teamId }),
      ];
      for (const [index, session] of [oldest, middle, newest].entries()) {
        await placed(session);
        await database.db
          .updateTable('browser_sessions')
          .set({ created_at: new Date(Date.UTC(2026, 0, 1 + index)) })
          .where('id', '=', session.id)
          .execute();
      }
      await placed(aSession(replicaId));
      await sessions.markEnded(middle.id, 'deleted', new Date());

      expect((await sessions.listForTeam(teamId)).map((session) => session.id)).toEqual([
        newest.id,
        middle.id,
        oldest.id,
      ]);
      expect((await sessions.listForTeam(teamId, 'active')).map((session) => session.id)).toEqual([
        newest.id,
        oldest.id,
      ]);
      expect((await sessions.listForTeam(teamId, 'destroyed')).map((session) => session.id)).toEqual([middle.id]);
      expect(await sessions.listForTeam(uniqueName('team'))).toEqual([]);
    });

    it('keeps the last activity a replica reports', async () => {
      const session = await placed(aSession(await aReplica()));
      const at = new Date('2026-11-22T10:00:00Z');

      await sessions.recordActivity(session.id, at);

      expect((await sessions.findById(session.id))?.lastActivityAt).toEqual(at);
    });
  });

  describe('tokens', () => {
    it('grants each token of a live session its own access, with the endpoint of the replica running it', async () => {
      const replicaId = await aReplica('http://10.0.0.7:3103');
      const tokenHashes = { cdp: randomUUID(), view: randomUUID(), interactive: randomUUID() };
      const session = await placed(aSession(replicaId, { streamWebView: true, tokenHashes }));

      expect(await sessions.authorize(session.id, tokenHashes.cdp)).toEqual({
        access: 'cdp',
        endpoint: 'http://10.0.0.7:3103',
      });
      expect(await sessions.authorize(session.id, tokenHashes.view)).toEqual({
        access: 'view',
        endpoint: 'http://10.0.0.7:3103',
      });
      expect(await sessions.authorize(session.id, tokenHashes.interactive)).toEqual({
        access: 'interactive',
        endpoint: 'http://10.0.0.7:3103',
      });
      expect(await sessions.authorize(session.id, randomUUID())).toBe('bad-token');
      expect(await sessions.authorize(randomUUID(), tokenHashes.cdp)).toBe('no-session');
    });

    it('never grants a token of another session, nor any token of a session that ended', async () => {
      const replicaId = await aReplica();
      const [session, other] = [await placed(aSession(replicaId)), await placed(aSession(replicaId))];

      expect(await sessions.authorize(session.id, other.tokenHashes.cdp)).toBe('bad-token');
      await sessions.markEnded(session.id, 'ttl', new Date());
      expect(await sessions.authorize(session.id, session.tokenHashes.cdp)).toBe('no-session');
    });
  });

  describe('the end of a session', () => {
    it('ends a live session once: a second ending changes nothing and says so', async () => {
      const session = await placed(aSession(await aReplica()));
      const [endedAt, lastActivityAt] = [new Date('2026-11-22T10:05:00Z'), new Date('2026-11-22T10:04:00Z')];

      expect(await sessions.markEnded(session.id, 'idle', endedAt, lastActivityAt)).toBe(true);
      expect(await sessions.markEnded(session.id, 'deleted', new Date())).toBe(false);

      expect(await sessions.findById(session.id)).toMatchObject({
        status: 'destroyed',
        endReason: 'idle',
        endedAt,
        lastActivityAt,
      });
      expect(await sessions.markEnded(randomUUID(), 'deleted', new Date())).toBe(false);
    });

    it("frees the writer slot of the profile its session saved to, and no other profile's", async () => {
      const replicaId = await aReplica();
      const teamId = uniqueName('team');
      const [writer, otherWriter] = [
        await placed(aSession(replicaId, { teamId })),
        await placed(aSession(replicaId, { teamId })),
      ];
      await transactions.run(async (trx) => {
        for (const [name, session] of [
          ['shop', writer],
          ['bank', otherWriter],
        ] as const) {
          await profiles.lockOrCreate(trx, teamId, name);
          await profiles.setWriter(trx, teamId, name, session.id);
        }
      });

      await sessions.markEnded(writer.id, 'browser_closed', new Date());

      expect((await profiles.find(teamId, 'shop'))?.writerSessionId).toBeNull();
      expect((await profiles.find(teamId, 'bank'))?.writerSessionId).toBe(otherWriter.id);
    });

    it("finds the live sessions of replicas that went silent or were forgotten, not those of heart-beating replicas nor the asking replica's own", async () => {
      const [silent, forgotten, alive, asking] = [
        await aReplica(),
        await aReplica(),
        await aReplica(),
        await aReplica(),
      ];
      const cutOff = new Date(Date.now() - 60_000);
      await database.db
        .updateTable('browser_replicas')
        .set({ last_heartbeat_at: new Date(Date.now() - 120_000) })
        .where('id', 'in', [silent, asking])
        .execute();
      const onSilent = await placed(aSession(silent));
      const endedOnSilent = await placed(aSession(silent));
      await sessions.markEnded(endedOnSilent.id, 'deleted', new Date());
      const onForgotten = await placed(aSession(forgotten));
      await database.db.deleteFrom('browser_replicas').where('id', '=', forgotten).execute();
      const onAlive = await placed(aSession(alive));
      const onAskingLate = await placed(aSession(asking));

      const orphaned = await sessions.findOrphaned(cutOff, asking);

      expect(orphaned).toEqual(expect.arrayContaining([onSilent.id, onForgotten.id]));
      expect(orphaned).not.toContain(endedOnSilent.id);
      expect(orphaned).not.toContain(onAlive.id);
      expect(orphaned).not.toContain(onAskingLate.id);
    });

    it('tells which of the given sessions are recorded as ended, with their reasons', async () => {
      const replicaId = await aReplica();
      const [live, reaped, deleted] = [
        await placed(aSession(replicaId)),
        await placed(aSession(replicaId)),
        await placed(aSession(replicaId)),
      ];
      await sessions.markEnded(reaped.id, 'replica_lost', new Date());
      await sessions.markEnded(deleted.id, 'deleted', new Date());

      const ended = await sessions.findEnded([live.id, reaped.id, deleted.id, randomUUID()]);

      expect(ended).toEqual(
        expect.arrayContaining([
          { id: reaped.id, endReason: 'replica_lost' },
          { id: deleted.id, endReason: 'deleted' },
        ]),
      );
      expect(ended).toHaveLength(2);
      expect(await sessions.findEnded([])).toEqual([]);
    });
  });

  describe('what placement reads and locks', () => {
    it("counts a team's live sessions only", async () => {
      const replicaId = await aReplica();
      const teamId = uniqueName('team');
      await placed(aSession(replicaId, { teamId }));
      const second = await placed(aSession(replicaId, { teamId }));
      await placed(aSession(replicaId));
      await sessions.markEnded(second.id, 'deleted', new Date());

      expect(await transactions.run((trx) => sessions.countLive(trx, teamId))).toBe(1);
      expect(await transactions.run((trx) => sessions.countLive(trx, uniqueName('team')))).toBe(0);
    });

    it("serialises the placements of one team, and never makes another team's wait", async () => {
      const teamId = uniqueName('team');
      const first = heldOpen(transactions, (trx) => sessions.lockTeam(trx, teamId));
      try {
        await first.worked;

        await transactions.run((trx) => sessions.lockTeam(trx, uniqueName('team')));
        const second = transactions.run((trx) => sessions.lockTeam(trx, teamId));
        await eventually(async () => expect(await waitingForLocks(database.db)).toBe(1));
        first.commit();
        await second;
      } finally {
        first.commit();
      }
    });

    it('loads every replica with its live sessions, counting those placed since its last heartbeat', async () => {
      const [busy, idle] = [await aReplica(), await aReplica()];
      await replicas.recordHeartbeat({
        replicaId: busy,
        endpoint: 'http://10.0.0.2:3103',
        maxSessions: 3,
        freeSlots: 3,
      });
      await placed(aSession(busy));
      await placed(aSession(busy));
      const ended = await placed(aSession(busy));
      await sessions.markEnded(ended.id, 'deleted', new Date());

      const loads = await transactions.run((trx) => replicas.loads(trx));

      expect(loads.find((load) => load.id === busy)).toEqual({
        id: busy,
        maxSessions: 3,
        freeSlots: 3,
        lastHeartbeatAt: expect.any(Date),
        liveSessions: 2,
      });
      expect(loads.find((load) => load.id === idle)).toMatchObject({ liveSessions: 0 });
    });
  });
});
