import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import type { BrowserAccess, BrowserEndReason, BrowserSessionStatus } from '@wh/contracts';
import { DATABASE } from '@wh/platform/database';
import type { BrowserSessionDatabase } from './browser-session-database';
import type { Trx } from './transactions';

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

/** A placed session, as it is recorded on its replica. */
export interface NewSession {
  id: string;
  teamId: string;
  replicaId: string;
  ttlSeconds: number;
  activityTtlSeconds: number;
  streamWebView: boolean;
  profile?: { name: string; saveChanges: boolean };
  tokenHashes: { cdp: string; view: string | null; interactive: string | null };
  expiresAt: Date;
}

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

/** Sessions of teams: what placement records, lookups by team, token checks and endings. */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Serialises the placements of one team until the transaction ends. */
  async lockTeam(trx: Trx, teamId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`browser-team:${teamId}`}))`.execute(trx);
  }

  async countLive(trx: Trx, teamId: string): Promise<number> {
    const { live } = await trx
      .selectFrom('browser_sessions')
      .select((eb) => eb.fn.countAll<string>().as('live'))
      .where('team_id', '=', teamId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return Number(live);
  }

  async insert(trx: Trx, session: NewSession): Promise<void> {
    await trx
      .insertInto('browser_sessions')
      .values({
        id: session.id,
        team_id: session.teamId,
        replica_id: session.replicaId,
        status: 'active',
        ttl_seconds: session.ttlSeconds,
        activity_ttl_seconds: session.activityTtlSeconds,
        stream_web_view: session.streamWebView,
        profile_name: session.profile?.name ?? null,
        profile_save_changes: session.profile?.saveChanges ?? false,
        cdp_token_hash: session.tokenHashes.cdp,
        view_token_hash: session.tokenHashes.view,
        interactive_token_hash: session.tokenHashes.interactive,
        expires_at: session.expiresAt,
        ended_at: null,
        end_reason: null,
      })
      .execute();
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
    const row = await this.db
      .selectFrom('browser_sessions')
      .select(SESSION_COLUMNS)
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row && toSession(row);
  }

  async listForTeam(teamId: string, status?: BrowserSessionStatus): Promise<SessionRow[]> {
    let query = this.db.selectFrom('browser_sessions').select(SESSION_COLUMNS).where('team_id', '=', teamId);
    if (status) query = query.where('status', '=', status);
    const rows = await query.orderBy('created_at', 'desc').limit(1000).execute();
    return rows.map(toSession);
  }

  /** The access a token hash grants to a live session, and the endpoint of the replica running it. */
  async authorize(
    sessionId: string,
    tokenHash: string,
  ): Promise<{ access: BrowserAccess; endpoint: string } | 'no-session' | 'bad-token'> {
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

  /**
   * Records the end of a live session and frees its profile's writer slot, in one statement; false when it had
   * already ended.
   */
  async markEnded(sessionId: string, reason: BrowserEndReason, endedAt: Date, lastActivityAt?: Date): Promise<boolean> {
    const updated = await this.db
      .with('freed_profile', (db) =>
        db.updateTable('browser_profiles').set({ writer_session_id: null }).where('writer_session_id', '=', sessionId),
      )
      .updateTable('browser_sessions')
      .set({
        status: 'destroyed',
        end_reason: reason,
        ended_at: endedAt,
        ...(lastActivityAt ? { last_activity_at: lastActivityAt } : {}),
      })
      .where('id', '=', sessionId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async recordActivity(sessionId: string, lastActivityAt: Date): Promise<void> {
    await this.db
      .updateTable('browser_sessions')
      .set({ last_activity_at: lastActivityAt })
      .where('id', '=', sessionId)
      .execute();
  }

  /** Which of these sessions are recorded as ended, and why (another replica reaped them, or a stop gave up waiting). */
  async findEnded(sessionIds: string[]): Promise<Array<{ id: string; endReason: BrowserEndReason }>> {
    if (sessionIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('browser_sessions')
      .select(['id', 'end_reason'])
      .where('id', 'in', sessionIds)
      .where('status', '!=', 'active')
      .execute();
    return rows.map((row) => ({ id: row.id, endReason: (row.end_reason ?? 'replica_lost') as BrowserEndReason }));
  }

  /**
   * Live sessions on other replicas that stopped heart-beating: their browsers are gone with them. The asking
   * replica's own sessions are never among them: it is running, however late its heartbeats are.
   */
  async findOrphaned(heartbeatFreshAfter: Date, askingReplicaId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('browser_sessions as s')
      .leftJoin('browser_replicas as r', 'r.id', 's.replica_id')
      .select(['s.id'])
      .where('s.status', '=', 'active')
      .where('s.replica_id', '!=', askingReplicaId)
      .where((eb) => eb.or([eb('r.id', 'is', null), eb('r.last_heartbeat_at', '<=', heartbeatFreshAfter)]))
      .execute();
    return rows.map((row) => row.id);
  }
}
