import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { BrowserAccess, BrowserEndReason, BrowserSessionStatus } from '@wh/contracts';
import type { BrowserSessionDatabase } from '../database/browser-session-database';

export interface SessionRow {
  id: string;
  teamId: string;
  replicaId: string;
  status: BrowserSessionStatus;
  activityTtlSeconds: number;
  streamWebView: boolean;
  profileName: string | null;
  profileSaveChanges: boolean;
  createdAt: Date;
  expiresAt: Date;
  lastActivityAt: Date;
  endedAt: Date | null;
  endReason: BrowserEndReason | null;
  tokenHashes: Record<BrowserAccess, string | null>;
}

export interface NewSession {
  id: string;
  teamId: string;
  concurrencyLimit: number;
  ttlSeconds: number;
  activityTtlSeconds: number;
  streamWebView: boolean;
  profile?: { name: string; saveChanges: boolean };
  tokenHashes: { cdp: string; view: string | null; interactive: string | null };
  /** Replicas whose last heartbeat is older than this are not considered. */
  heartbeatFreshAfter: Date;
}

export type Reservation =
  | { kind: 'reserved'; replicaId: string; expiresAt: Date }
  | { kind: 'team-limit'; limit: number }
  | { kind: 'profile-in-use' }
  | { kind: 'no-capacity' };

type Db = Kysely<BrowserSessionDatabase>;

const SESSION_COLUMNS = [
  'id',
  'team_id',
  'replica_id',
  'status',
  'activity_ttl_seconds',
  'stream_web_view',
  'profile_name',
  'profile_save_changes',
  'created_at',
  'expires_at',
  'last_activity_at',
  'ended_at',
  'end_reason',
  'cdp_token_hash',
  'view_token_hash',
  'interactive_token_hash',
] as const;

function toSession(row: {
  id: string;
  team_id: string;
  replica_id: string;
  status: BrowserSessionStatus;
  activity_ttl_seconds: number;
  stream_web_view: boolean;
  profile_name: string | null;
  profile_save_changes: boolean;
  created_at: Date;
  expires_at: Date;
  last_activity_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
  cdp_token_hash: string;
  view_token_hash: string | null;
  interactive_token_hash: string | null;
}): SessionRow {
  return {
    id: row.id,
    teamId: row.team_id,
    replicaId: row.replica_id,
    status: row.status,
    activityTtlSeconds: row.activity_ttl_seconds,
    streamWebView: row.stream_web_view,
    profileName: row.profile_name,
    profileSaveChanges: row.profile_save_changes,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastActivityAt: row.last_activity_at,
    endedAt: row.ended_at,
    endReason: row.end_reason as BrowserEndReason | null,
    tokenHashes: { cdp: row.cdp_token_hash, view: row.view_token_hash, interactive: row.interactive_token_hash },
  };
}

/** Sessions of teams: placement, lookups by team, token checks and endings. */
export class SessionsRepository {
  constructor(private readonly db: Db) {}

  /**
   * In one transaction, serialised per team: checks the team's live sessions against its limit, takes the
   * profile's writer slot when the session saves, picks the live replica with the most room, and records the
   * session there. Concurrent creations of one team cannot both pass the limit.
   */
  async reserve(input: NewSession): Promise<Reservation> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`browser-team:${input.teamId}`}))`.execute(trx);
      const { live } = await trx
        .selectFrom('browser_sessions')
        .select((eb) => eb.fn.countAll<string>().as('live'))
        .where('team_id', '=', input.teamId)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      if (Number(live) >= input.concurrencyLimit) return { kind: 'team-limit', limit: input.concurrencyLimit };

      if (input.profile) {
        await trx
          .insertInto('browser_profiles')
          .values({ team_id: input.teamId, name: input.profile.name, storage_key: randomUUID(), writer_session_id: null, saved_at: null })
          .onConflict((oc) => oc.columns(['team_id', 'name']).doNothing())
          .execute();
        const profile = await trx
          .selectFrom('browser_profiles')
          .select(['writer_session_id'])
          .where('team_id', '=', input.teamId)
          .where('name', '=', input.profile.name)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (input.profile.saveChanges && profile.writer_session_id) return { kind: 'profile-in-use' };
      }

      const replica = await trx
        .selectFrom('browser_replicas as r')
        .select(['r.id'])
        .where('r.last_heartbeat_at', '>', input.heartbeatFreshAfter)
        .where('r.free_slots', '>', 0)
        .where((eb) =>
          eb(
            'r.max_sessions',
            '>',
            eb
              .selectFrom('browser_sessions as s')
              .select((inner) => inner.fn.countAll<number>().as('running'))
              .whereRef('s.replica_id', '=', 'r.id')
              .where('s.status', '=', 'active'),
          ),
        )
        .orderBy('r.free_slots', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!replica) return { kind: 'no-capacity' };

      const expiresAt = new Date(Date.now() + input.ttlSeconds * 1000);
      await trx
        .insertInto('browser_sessions')
        .values({
          id: input.id,
          team_id: input.teamId,
          replica_id: replica.id,
          status: 'active',
          ttl_seconds: input.ttlSeconds,
          activity_ttl_seconds: input.activityTtlSeconds,
          stream_web_view: input.streamWebView,
          profile_name: input.profile?.name ?? null,
          profile_save_changes: input.profile?.saveChanges ?? false,
          cdp_token_hash: input.tokenHashes.cdp,
          view_token_hash: input.tokenHashes.view,
          interactive_token_hash: input.tokenHashes.interactive,
          expires_at: expiresAt,
          ended_at: null,
          end_reason: null,
        })
        .execute();
      if (input.profile?.saveChanges) {
        await trx
          .updateTable('browser_profiles')
          .set({ writer_session_id: input.id })
          .where('team_id', '=', input.teamId)
          .where('name', '=', input.profile.name)
          .execute();
      }
      return { kind: 'reserved', replicaId: replica.id, expiresAt };
    });
  }

  async findForTeam(teamId: string, sessionId: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom('browser_sessions')
      .select(SESSION_COLUMNS)
      .where('team_id', '=', teamId)
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row && toSession(row);
  }

  /** For the replica that runs the session (no team in hand: the id came from placement). */
  async findById(sessionId: string): Promise<SessionRow | undefined> {
    const row = await this.db.selectFrom('browser_sessions').select(SESSION_COLUMNS).where('id', '=', sessionId).executeTakeFirst();
    return row && toSession(row);
  }

  async listForTeam(teamId: string, status?: BrowserSessionStatus): Promise<SessionRow[]> {
    let query = this.db.selectFrom('browser_sessions').select(SESSION_COLUMNS).where('team_id', '=', teamId);
    if (status) query = query.where('status', '=', status);
    const rows = await query.orderBy('created_at', 'desc').limit(1000).execute();
    return rows.map(toSession);
  }

  /** The access a token hash grants to a live session, and the endpoint of the replica running it. */
  async authorize(sessionId: string, tokenHash: string): Promise<{ access: BrowserAccess; endpoint: string } | 'no-session' | 'bad-token'> {
    const row = await this.db
      .selectFrom('browser_sessions as s')
      .innerJoin('browser_replicas as r', 'r.id', 's.replica_id')
      .select(['s.cdp_token_hash', 's.view_token_hash', 's.interactive_token_hash', 'r.endpoint'])
      .where('s.id', '=', sessionId)
      .where('s.status', '=', 'active')
      .executeTakeFirst();
    if (!row) return 'no-session';
    if (row.cdp_token_hash === tokenHash) return { access: 'cdp', endpoint: row.endpoint };
    if (row.interactive_token_hash === tokenHash) return { access: 'interactive', endpoint: row.endpoint };
    if (row.view_token_hash === tokenHash) return { access: 'view', endpoint: row.endpoint };
    return 'bad-token';
  }

  /** Records the end of a live session and frees its profile's writer slot; false when it had already ended. */
  async markEnded(sessionId: string, reason: BrowserEndReason, endedAt: Date, lastActivityAt?: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('browser_sessions')
        .set({ status: 'destroyed', end_reason: reason, ended_at: endedAt, ...(lastActivityAt ? { last_activity_at: lastActivityAt } : {}) })
        .where('id', '=', sessionId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      await trx.updateTable('browser_profiles').set({ writer_session_id: null }).where('writer_session_id', '=', sessionId).execute();
      return Number(updated.numUpdatedRows) > 0;
    });
  }

  async recordActivity(sessionId: string, lastActivityAt: Date): Promise<void> {
    await this.db.updateTable('browser_sessions').set({ last_activity_at: lastActivityAt }).where('id', '=', sessionId).execute();
  }

  /** Live sessions on replicas that stopped heart-beating: their browsers are gone with them. */
  async findOrphaned(heartbeatFreshAfter: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('browser_sessions as s')
      .leftJoin('browser_replicas as r', 'r.id', 's.replica_id')
      .select(['s.id'])
      .where('s.status', '=', 'active')
      .where((eb) => eb.or([eb('r.id', 'is', null), eb('r.last_heartbeat_at', '<=', heartbeatFreshAfter)]))
      .execute();
    return rows.map((row) => row.id);
  }
}
