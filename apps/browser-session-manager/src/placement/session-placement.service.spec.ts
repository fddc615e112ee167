import type { BrowserSessionManagerConfig } from '../browser-session-manager.config';
import type { ProfilesRepository } from '../database/profiles.repository';
import type { ReplicaLoad, ReplicasRepository } from '../database/replicas.repository';
import type { SessionsRepository } from '../database/sessions.repository';
import type { Transactions } from '../database/transactions';
import { type PlacementRequest, SessionPlacement } from './session-placement.service';

const HEARTBEAT_MS = 1_000;
const TEAM = 'team-1';

function replica(id: string, overrides: Partial<ReplicaLoad> = {}): ReplicaLoad {
  return { id, maxSessions: 4, freeSlots: 4, lastHeartbeatAt: new Date(), liveSessions: 0, ...overrides };
}

function request(overrides: Partial<PlacementRequest> = {}): PlacementRequest {
  return {
    id: 'session-1',
    teamId: TEAM,
    concurrencyLimit: 2,
    ttlSeconds: 600,
    activityTtlSeconds: 300,
    streamWebView: false,
    tokenHashes: { cdp: 'cdp-hash', view: null, interactive: null },
    ...overrides,
  };
}

function setUp(state: { live?: number; writer?: string | null; replicas?: ReplicaLoad[] } = {}) {
  const trx = { name: 'trx' };
  const steps: string[] = [];
  const transactions = {
    run: jest.fn(async (work: (trx: unknown) => Promise<unknown>) => {
      steps.push('begin');
      const result = await work(trx);
      steps.push('commit');
      return result;
    }),
  };
  const sessions = {
    lockTeam: jest.fn(async () => {
      steps.push('lock team');
    }),
    countLive: jest.fn(async () => state.live ?? 0),
    insert: jest.fn(async () => undefined),
  };
  const profiles = {
    lockOrCreate: jest.fn(async () => ({ writerSessionId: state.writer ?? null })),
    setWriter: jest.fn(async () => undefined),
  };
  const replicas = { loads: jest.fn(async () => state.replicas ?? [replica('r-1')]) };
  const placement = new SessionPlacement(
    transactions as unknown as Transactions,
    sessions as unknown as SessionsRepository,
    replicas as unknown as ReplicasRepository,
    profiles as unknown as ProfilesRepository,
    { BROWSER_HEARTBEAT_MS: HEARTBEAT_MS } as BrowserSessionManagerConfig,
  );
  return { placement, trx, steps, transactions, sessions, profiles, replicas };
}

describe('SessionPlacement', () => {
  it('refuses a team already at its limit, after taking the team lock, and records nothing', async () => {
    const { placement, steps, sessions, profiles, replicas } = setUp({ live: 2 });

    await expect(placement.reserve(request())).resolves.toEqual({ kind: 'team-limit', limit: 2 });
    expect(steps).toEqual(['begin', 'lock team', 'commit']);
    expect(sessions.countLive).toHaveBeenCalledWith(expect.anything(), TEAM);
    expect(profiles.lockOrCreate).not.toHaveBeenCalled();
    expect(replicas.loads).not.toHaveBeenCalled();
    expect(sessions.insert).not.toHaveBeenCalled();
  });

  it('refuses to save to a profile another live session is writing, but loads it read-only', async () => {
    const saving = setUp({ writer: 'session-0' });
    await expect(saving.placement.reserve(request({ profile: { name: 'shop', saveChanges: true } }))).resolves.toEqual({
      kind: 'profile-in-use',
    });
    expect(saving.sessions.insert).not.toHaveBeenCalled();

    const reading = setUp({ writer: 'session-0' });
    await expect(
      reading.placement.reserve(request({ profile: { name: 'shop', saveChanges: false } })),
    ).resolves.toMatchObject({ kind: 'reserved' });
    expect(reading.profiles.lockOrCreate).toHaveBeenCalledWith(reading.trx, TEAM, 'shop');
    expect(reading.profiles.setWriter).not.toHaveBeenCalled();
  });

  it('places the session on the live replica with most free slots, in the same transaction', async () => {
    const stale = new Date(Date.now() - HEARTBEAT_MS * 10);
    const { placement, trx, transactions, sessions, profiles } = setUp({
      replicas: [
        replica('small', { freeSlots: 1 }),
        replica('silent', { freeSlots: 9, lastHeartbeatAt: stale }),
        replica('full-by-count', { freeSlots: 8, maxSessions: 4, liveSessions: 4 }),
        replica('roomy', { freeSlots: 3 }),
        replica('full-by-report', { freeSlots: 0 }),
      ],
    });
    const before = Date.now();

    const placed = await placement.reserve(request({ profile: { name: 'shop', saveChanges: true } }));

    expect(placed).toMatchObject({ kind: 'reserved', replicaId: 'roomy' });
    const expiresAt = placed.kind === 'reserved' ? placed.expiresAt.getTime() : 0;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 600_000);
    expect(transactions.run).toHaveBeenCalledTimes(1);
    expect(sessions.insert).toHaveBeenCalledWith(
      trx,
      expect.objectContaining({
        id: 'session-1',
        teamId: TEAM,
        replicaId: 'roomy',
        profile: { name: 'shop', saveChanges: true },
      }),
    );
    expect(sessions.insert.mock.calls[0]).not.toContainEqual(
      expect.objectContaining({ concurrencyLimit: expect.anything() }),
    );
    expect(profiles.setWriter).toHaveBeenCalledWith(trx, TEAM, 'shop', 'session-1');
  });

  it('counts the sessions placed since a replica last reported, so the next goes where more room is left', async () => {
    const { placement } = setUp({
      replicas: [replica('reported-most', { freeSlots: 4, liveSessions: 3 }), replica('other', { freeSlots: 3 })],
    });

    await expect(placement.reserve(request())).resolves.toMatchObject({ kind: 'reserved', replicaId: 'other' });
  });

  it('answers no capacity when no live replica has room', async () => {
    const stale = new Date(Date.now() - HEARTBEAT_MS * 5);
    const { placement, sessions } = setUp({
      replicas: [
        replica('silent', { lastHeartbeatAt: stale }),
        replica('full', { liveSessions: 4 }),
        replica('busy', { freeSlots: 0 }),
      ],
    });

    await expect(placement.reserve(request())).resolves.toEqual({ kind: 'no-capacity' });
    expect(sessions.insert).not.toHaveBeenCalled();
  });
});
