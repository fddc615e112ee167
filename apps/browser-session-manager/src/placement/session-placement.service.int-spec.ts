import { randomUUID } from 'node:crypto';
import { testDatabase, uniqueName } from '@wh/testing';
import type { BrowserSessionManagerConfig } from '../browser-session-manager.config';
import type { BrowserSessionDatabase } from '../database/browser-session-database';
import { ProfilesRepository } from '../database/profiles.repository';
import { ReplicasRepository } from '../database/replicas.repository';
import { SessionsRepository } from '../database/sessions.repository';
import { Transactions } from '../database/transactions';
import { type Placement, type PlacementRequest, SessionPlacement } from './session-placement.service';

const HEARTBEAT_MS = 1_000;

describe('SessionPlacement over the real repositories', () => {
  const database = testDatabase<BrowserSessionDatabase>();
  let placement: SessionPlacement;
  let sessions: SessionsRepository;
  let replicas: ReplicasRepository;
  let profiles: ProfilesRepository;
  /** Room of the roomiest replica so far: each test's own replica outbids the replicas of the tests before. */
  let roomiest = 1_000;

  beforeAll(() => {
    sessions = new SessionsRepository(database.db);
    replicas = new ReplicasRepository(database.db);
    profiles = new ProfilesRepository(database.db);
    const config = { BROWSER_HEARTBEAT_MS: HEARTBEAT_MS } as BrowserSessionManagerConfig;
    placement = new SessionPlacement(new Transactions(database.db), sessions, replicas, profiles, config);
  });

  /** A heart-beating replica with more room (free slots and maximum) than any replica before it, changed by `overrides`. */
  async function roomiestReplica(overrides: { maxSessions?: number; freeSlots?: number } = {}): Promise<string> {
    roomiest += 100;
    const replicaId = uniqueName('replica');
    await replicas.recordHeartbeat({
      replicaId,
      endpoint: 'http://10.0.0.1:3103',
      maxSessions: roomiest,
      freeSlots: roomiest,
      ...overrides,
    });
    return replicaId;
  }

  function request(teamId: string, overrides: Partial<PlacementRequest> = {}): PlacementRequest {
    return {
      id: randomUUID(),
      teamId,
      concurrencyLimit: 10,
      ttlSeconds: 600,
      activityTtlSeconds: 300,
      streamWebView: false,
      tokenHashes: { cdp: randomUUID(), view: null, interactive: null },
      ...overrides,
    };
  }

  const kinds = (placements: readonly Placement[]): string[] => placements.map((placed) => placed.kind).sort();

  it('records the session on the live replica with most free slots, until its ttl', async () => {
    const replicaId = await roomiestReplica();
    const placing = request(uniqueName('team'), { ttlSeconds: 120 });

    const placed = await placement.reserve(placing);

    expect(placed).toEqual({ kind: 'reserved', replicaId, expiresAt: expect.any(Date) });
    const recorded = await sessions.findById(placing.id);
    expect(recorded).toMatchObject({
      teamId: placing.teamId,
      replicaId,
      status: 'active',
      tokenHashes: placing.tokenHashes,
    });
    expect(recorded?.expiresAt).toEqual(placed.kind === 'reserved' ? placed.expiresAt : undefined);
    expect(Math.abs((recorded?.expiresAt.getTime() ?? 0) - (Date.now() + 120_000))).toBeLessThan(10_000);
  });

  it('passes over a replica full by the sessions placed since its heartbeat, and one gone silent', async () => {
    const roomy = await roomiestReplica();
    // Both report far more free slots than any other replica: one takes one session and has it since its last
    // heartbeat, the other is silent.
    const full = await roomiestReplica({ maxSessions: 1, freeSlots: 1_000_000 });
    const { concurrencyLimit: _limit, ...placedSinceHeartbeat } = request(uniqueName('team'));
    await new Transactions(database.db).run((trx) =>
      sessions.insert(trx, { ...placedSinceHeartbeat, replicaId: full, expiresAt: new Date(Date.now() + 600_000) }),
    );
    const silent = await roomiestReplica({ maxSessions: 2_000_000, freeSlots: 2_000_000 });
    await database.db
      .updateTable('browser_replicas')
      .set({ last_heartbeat_at: new Date(Date.now() - 10 * HEARTBEAT_MS) })
      .where('id', '=', silent)
      .execute();

    const placed = await placement.reserve(request(uniqueName('team')));

    expect(placed).toMatchObject({ kind: 'reserved', replicaId: roomy });
  });

  it('never lets concurrent creations of one team pass its limit, and records only those it let through', async () => {
    await roomiestReplica();
    const teamId = uniqueName('team');
    const placing = Array.from({ length: 6 }, () => request(teamId, { concurrencyLimit: 2 }));

    const placed = await Promise.all(placing.map((each) => placement.reserve(each)));

    expect(kinds(placed)).toEqual(['reserved', 'reserved', 'team-limit', 'team-limit', 'team-limit', 'team-limit']);
    expect(placed.filter((each) => each.kind === 'team-limit')).toEqual(
      Array(4).fill({ kind: 'team-limit', limit: 2 }),
    );
    const live = await sessions.listForTeam(teamId, 'active');
    expect(live.map((session) => session.id).sort()).toEqual(
      placing
        .filter((_, index) => placed[index]?.kind === 'reserved')
        .map((each) => each.id)
        .sort(),
    );
  });

  it("counts a team's ended sessions out of its limit", async () => {
    await roomiestReplica();
    const teamId = uniqueName('team');
    const first = request(teamId, { concurrencyLimit: 1 });
    await placement.reserve(first);
    expect(await placement.reserve(request(teamId, { concurrencyLimit: 1 }))).toEqual({ kind: 'team-limit', limit: 1 });

    await sessions.markEnded(first.id, 'deleted', new Date());

    expect(await placement.reserve(request(teamId, { concurrencyLimit: 1 }))).toMatchObject({ kind: 'reserved' });
  });

  it("gives a profile's writer slot to one of two concurrent saving sessions, while a reader still loads the profile", async () => {
    await roomiestReplica();
    const teamId = uniqueName('team');
    const saving = [
      request(teamId, { profile: { name: 'shop', saveChanges: true } }),
      request(teamId, { profile: { name: 'shop', saveChanges: true } }),
    ];

    const placed = await Promise.all(saving.map((each) => placement.reserve(each)));
    const reader = request(teamId, { profile: { name: 'shop', saveChanges: false } });
    const readerPlaced = await placement.reserve(reader);

    expect(kinds(placed)).toEqual(['profile-in-use', 'reserved']);
    const writer = saving[placed.findIndex((each) => each.kind === 'reserved')];
    const refused = saving[placed.findIndex((each) => each.kind === 'profile-in-use')];
    expect((await profiles.find(teamId, 'shop'))?.writerSessionId).toBe(writer?.id);
    expect(await sessions.findById(refused?.id ?? '')).toBeUndefined();
    expect(readerPlaced).toMatchObject({ kind: 'reserved' });
    expect(await sessions.findById(reader.id)).toMatchObject({ profileName: 'shop', profileSaveChanges: false });
  });

  it('hands the writer slot on once the writing session ended', async () => {
    await roomiestReplica();
    const teamId = uniqueName('team');
    const first = request(teamId, { profile: { name: 'shop', saveChanges: true } });
    await placement.reserve(first);
    const next = request(teamId, { profile: { name: 'shop', saveChanges: true } });
    expect(await placement.reserve(next)).toEqual({ kind: 'profile-in-use' });

    await sessions.markEnded(first.id, 'deleted', new Date());

    expect(await placement.reserve(next)).toMatchObject({ kind: 'reserved' });
    expect((await profiles.find(teamId, 'shop'))?.writerSessionId).toBe(next.id);
  });

  it("keeps one team's profiles apart from another's of the same name", async () => {
    await roomiestReplica();
    const [teamId, otherTeam] = [uniqueName('team'), uniqueName('team')];
    await placement.reserve(request(teamId, { profile: { name: 'shop', saveChanges: true } }));

    expect(await placement.reserve(request(otherTeam, { profile: { name: 'shop', saveChanges: true } }))).toMatchObject(
      { kind: 'reserved' },
    );
    expect((await profiles.find(teamId, 'shop'))?.storageKey).not.toBe(
      (await profiles.find(otherTeam, 'shop'))?.storageKey,
    );
  });
});
