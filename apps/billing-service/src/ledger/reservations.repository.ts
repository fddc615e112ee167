import { type Kysely, sql, type Transaction } from 'kysely';
import type { BillingDatabase } from '../database/billing-database';

export interface ReservationRequest {
  teamId: string;
  periodStart: Date;
  /** The plan's credits of the period (a reservation is only made on a limited plan). */
  planCredits: number;
  wanted: number;
  /** Credits one page of the job costs: the reservation is a whole number of pages. */
  perPage: number;
  expiresAt: Date;
  now: Date;
}

/**
 * Credits set aside for accepted jobs. A reservation counts for what its job has not yet been charged, until it is
 * released or expires; a team's reservations are made one at a time (an advisory lock per team), so the credits
 * handed out never add up to more than the team has.
 */
export class ReservationsRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  /** Sets aside up to `wanted` credits; returns the reservation and how many it holds (0: none left, no row). */
  async reserve(request: ReservationRequest): Promise<{ id: string | null; granted: number }> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`credits:${request.teamId}`}))`.execute(trx);
      const left = request.planCredits - (await usedAndHeld(trx, request.teamId, request.periodStart, request.now));
      const pages = Math.floor(Math.max(0, Math.min(request.wanted, left)) / request.perPage);
      const granted = pages * request.perPage;
      if (granted === 0) return { id: null, granted };
      const row = await trx
        .insertInto('credit_reservations')
        .values({
          team_id: request.teamId,
          period_start: request.periodStart,
          credits: granted,
          expires_at: request.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, granted };
    });
  }

  /** Ties a reservation to the job it was made for, so that the job's charges draw it down. */
  async bind(teamId: string, reservationId: string, jobId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('credit_reservations')
      .set({ job_id: jobId })
      .where('id', '=', reservationId)
      .where('team_id', '=', teamId)
      .where('job_id', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The job ended: what it did not use is free again. Returns the team, when there was something to release. */
  async release(ref: { jobId?: string; reservationId?: string }, now: Date): Promise<string | undefined> {
    if (!ref.jobId && !ref.reservationId) return undefined;
    const row = await this.db
      .updateTable('credit_reservations')
      .set({ released_at: now })
      .$if(ref.jobId !== undefined, (query) => query.where('job_id', '=', ref.jobId ?? ''))
      .$if(ref.reservationId !== undefined, (query) => query.where('id', '=', ref.reservationId ?? ''))
      .where('released_at', 'is', null)
      .returning('team_id')
      .executeTakeFirst();
    return row?.team_id;
  }

  /** Credits of the period held by open reservations beyond what their jobs were charged. */
  async held(teamId: string, periodStart: Date, now: Date): Promise<number> {
    return heldBy(this.db, teamId, periodStart, now);
  }
}

type Db = Kysely<BillingDatabase> | Transaction<BillingDatabase>;

async function heldBy(db: Db, teamId: string, periodStart: Date, now: Date): Promise<number> {
  const { rows } = await sql<{ held: string }>`
    select coalesce(sum(greatest(0, r.credits - coalesce((
      select sum(l.credits) from credit_ledger l where l.job_id = r.job_id and l.entry = 'charge'
    ), 0))), 0) as held
    from credit_reservations r
    where r.team_id = ${teamId} and r.period_start = ${periodStart} and r.released_at is null and r.expires_at > ${now}
  `.execute(db);
  return Number(rows[0]?.held ?? 0);
}

async function usedAndHeld(db: Db, teamId: string, periodStart: Date, now: Date): Promise<number> {
  const totals = await db
    .selectFrom('credit_balances')
    .select(['charged', 'granted'])
    .where('team_id', '=', teamId)
    .where('period_start', '=', periodStart)
    .executeTakeFirst();
  const charged = Number(totals?.charged ?? 0);
  const granted = Number(totals?.granted ?? 0);
  return charged - granted + (await heldBy(db, teamId, periodStart, now));
}
