import { type Kysely, sql, type Transaction } from 'kysely';
import { creditsCharged } from '@wh/platform/telemetry';
import type { BillingDatabase, LedgerEntryKind } from '../database/billing-database';
import { UNLIMITED_PLAN_ID } from '../plans/plans.repository';
import { billingPeriodAt } from './billing-period';
import { executeChargeBatch } from './charge-batch.statement';

/** One page's (or request's) credits; the usage event id is its idempotency key. */
export interface ChargeRecord {
  eventId: string;
  teamId: string;
  kind: string;
  jobId: string;
  credits: number;
  occurredAt: Date;
  apiKeyId?: string | null;
  /** LLM tokens the charge paid for (extraction). */
  tokens?: number;
}

/** A grant (or revocation) of credits by an operator, for the period it is made in. */
export interface Adjustment {
  idempotencyKey: string;
  teamId: string;
  credits: number;
  reason: string;
  at: Date;
}

/** A team that a batch charged anew, as it stands in the current period once the batch is in. */
export interface ChargedTeam {
  teamId: string;
  /** The plan's credits and LLM tokens a period; null: unlimited. */
  planCredits: number | null;
  planTokens: number | null;
  /** The current period's running totals, this batch included. */
  charged: number;
  granted: number;
  tokens: number;
  /** Credits of the period open reservations still hold beyond what their jobs were charged, this batch included. */
  reserved: number;
}

/** What a batch of charges did: how many were new, and where each team they charged stands now. */
export interface ChargeOutcome {
  newCharges: number;
  /** The teams with new charges that billing knows; a team it does not know is charged and left out. */
  teams: ChargedTeam[];
}

interface NewChargesOfKind {
  kind: string | null;
  newCharges: number;
  credits: number;
}

type ChargedTeamRow = Omit<ChargedTeam, 'charged' | 'granted' | 'tokens' | 'reserved'> &
  Record<'charged' | 'granted' | 'tokens' | 'reserved', number | string>;

export interface PeriodTotals {
  charged: number;
  /** Grants minus revocations. */
  granted: number;
  /** LLM tokens charged. */
  tokens: number;
}

export interface BalanceDrift {
  teamId: string;
  periodStart: Date;
  ledger: PeriodTotals;
  balance: PeriodTotals;
}

export interface LedgerRow {
  idempotencyKey: string;
  entry: LedgerEntryKind;
  credits: number;
  tokens: number;
  kind: string | null;
  jobId: string | null;
  apiKeyId: string | null;
  reason: string | null;
  periodStart: Date;
  occurredAt: Date;
}

export interface PeriodUsage {
  periodStart: Date;
  apiKeyId: string | null;
  charged: number;
  tokens: number;
}

type Db = Kysely<BillingDatabase> | Transaction<BillingDatabase>;

/**
 * The credit ledger: immutable rows, each with its idempotency key, and the per-period running totals written in the
 * same transaction. A row that was already there (redelivery, replay, another replica) adds nothing to the totals.
 */
export class LedgerRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  /**
   * Idempotent by event id. One statement whatever the batch holds, so one round trip and atomic without a
   * transaction around it: the rows are inserted, only the rows that were new are added to the totals, and what each
   * team with new charges stands at in the period of `now` is read back, its new charges and reservations included.
   * The charges travel as arrays, so the statement is the same for every batch, prepared once per connection
   * (`charge-batch.statement.ts`).
   */
  async charge(charges: readonly ChargeRecord[], now: Date = new Date()): Promise<ChargeOutcome> {
    if (charges.length === 0) return { newCharges: 0, teams: [] };
    // Rows and totals are written in key order, so two replicas with overlapping batches wait instead of deadlocking.
    const sorted = [...charges].sort((a, b) => (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
    const row = await executeChargeBatch<NewChargesOfKind, ChargedTeamRow>(
      this.db,
      {
        eventIds: sorted.map((charge) => charge.eventId),
        teamIds: sorted.map((charge) => charge.teamId),
        credits: sorted.map((charge) => charge.credits),
        tokens: sorted.map((charge) => charge.tokens ?? 0),
        kinds: sorted.map((charge) => charge.kind),
        jobIds: sorted.map((charge) => charge.jobId),
        apiKeyIds: sorted.map((charge) => charge.apiKeyId ?? null),
        periodStarts: sorted.map((charge) => billingPeriodAt(charge.occurredAt).start),
        occurredAts: sorted.map((charge) => charge.occurredAt),
      },
      { periodStart: billingPeriodAt(now).start, now, defaultPlanId: UNLIMITED_PLAN_ID },
    );
    const { kinds, teams } = row ?? { kinds: [], teams: [] };
    // Counted once the statement has committed: a charge rolled back is never reported.
    for (const row of kinds) creditsCharged.inc({ kind: row.kind ?? 'none' }, Number(row.credits));
    return {
      newCharges: kinds.reduce((count, row) => count + Number(row.newCharges), 0),
      teams: teams.map((row) => ({
        teamId: row.teamId,
        planCredits: row.planCredits,
        planTokens: row.planTokens,
        charged: Number(row.charged),
        granted: Number(row.granted),
        tokens: Number(row.tokens),
        reserved: Number(row.reserved),
      })),
    };
  }

  /** Idempotent by key; false when the key was used before. */
  async grant(adjustment: Adjustment): Promise<boolean> {
    return this.adjust('grant', adjustment);
  }

  async revoke(adjustment: Adjustment): Promise<boolean> {
    return this.adjust('revoke', adjustment);
  }

  private async adjust(entry: 'grant' | 'revoke', adjustment: Adjustment): Promise<boolean> {
    const periodStart = billingPeriodAt(adjustment.at).start;
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('credit_ledger')
        .values({
          idempotency_key: adjustment.idempotencyKey,
          team_id: adjustment.teamId,
          entry,
          credits: adjustment.credits,
          reason: adjustment.reason,
          period_start: periodStart,
          occurred_at: adjustment.at,
        })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      const signed = entry === 'grant' ? adjustment.credits : -adjustment.credits;
      await addToTotals(trx, [{ teamId: adjustment.teamId, periodStart, charged: 0, granted: signed, tokens: 0 }]);
      return true;
    });
  }

  /** The running totals of one period of a team (zero when nothing happened in it). */
  async totals(teamId: string, periodStart: Date): Promise<PeriodTotals> {
    const row = await this.db
      .selectFrom('credit_balances')
      .select(['charged', 'granted', 'tokens'])
      .where('team_id', '=', teamId)
      .where('period_start', '=', periodStart)
      .executeTakeFirst();
    return {
      charged: Number(row?.charged ?? 0),
      granted: Number(row?.granted ?? 0),
      tokens: Number(row?.tokens ?? 0),
    };
  }

  /** Every ledger row of a team in `[from, to)` of occurrence, oldest first. */
  async rows(teamId: string, from: Date, to: Date): Promise<LedgerRow[]> {
    const rows = await this.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('occurred_at', '>=', from)
      .where('occurred_at', '<', to)
      .orderBy('occurred_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      idempotencyKey: row.idempotency_key,
      entry: row.entry,
      credits: row.credits,
      tokens: row.tokens,
      kind: row.kind,
      jobId: row.job_id,
      apiKeyId: row.api_key_id,
      reason: row.reason,
      periodStart: row.period_start,
      occurredAt: row.occurred_at,
    }));
  }

  /** Credits and tokens charged per period (and per API key when asked), newest period first. */
  async usageByPeriod(teamId: string, byApiKey: boolean): Promise<PeriodUsage[]> {
    const rows = await this.db
      .selectFrom('credit_ledger')
      .select(['period_start', sql<string>`sum(credits)`.as('charged'), sql<string>`sum(tokens)`.as('tokens')])
      .$if(byApiKey, (query) => query.select('api_key_id').groupBy('api_key_id'))
      .where('team_id', '=', teamId)
      .where('entry', '=', 'charge')
      .groupBy('period_start')
      .orderBy('period_start', 'desc')
      .$if(byApiKey, (query) => query.orderBy('api_key_id'))
      .execute();
    return rows.map((row) => ({
      periodStart: row.period_start,
      apiKeyId: (row as { api_key_id?: string | null }).api_key_id ?? null,
      charged: Number(row.charged),
      tokens: Number(row.tokens),
    }));
  }

  /** Recomputes every period's totals from the ledger rows and lists those whose running totals differ. */
  async drift(): Promise<BalanceDrift[]> {
    const { rows } = await sql<{
      team_id: string;
      period_start: Date;
      ledger_charged: string;
      ledger_granted: string;
      ledger_tokens: string;
      balance_charged: string;
      balance_granted: string;
      balance_tokens: string;
    }>`
      with ledger as (
        select team_id, period_start,
               sum(case when entry = 'charge' then credits else 0 end) as charged,
               sum(case when entry = 'grant' then credits when entry = 'revoke' then -credits else 0 end) as granted,
               sum(tokens) as tokens
        from credit_ledger group by team_id, period_start
      )
      select coalesce(l.team_id, b.team_id) as team_id, coalesce(l.period_start, b.period_start) as period_start,
             coalesce(l.charged, 0) as ledger_charged, coalesce(l.granted, 0) as ledger_granted,
             coalesce(l.tokens, 0) as ledger_tokens,
             coalesce(b.charged, 0) as balance_charged, coalesce(b.granted, 0) as balance_granted,
             coalesce(b.tokens, 0) as balance_tokens
      from ledger l full outer join credit_balances b on b.team_id = l.team_id and b.period_start = l.period_start
      where coalesce(l.charged, 0) <> coalesce(b.charged, 0) or coalesce(l.granted, 0) <> coalesce(b.granted, 0)
         or coalesce(l.tokens, 0) <> coalesce(b.tokens, 0)
      order by 1, 2
    `.execute(this.db);
    return rows.map((row) => ({
      teamId: row.team_id,
      periodStart: row.period_start,
      ledger: {
        charged: Number(row.ledger_charged),
        granted: Number(row.ledger_granted),
        tokens: Number(row.ledger_tokens),
      },
      balance: {
        charged: Number(row.balance_charged),
        granted: Number(row.balance_granted),
        tokens: Number(row.balance_tokens),
      },
    }));
  }
}

interface TotalsDelta {
  teamId: string;
  periodStart: Date;
  charged: number;
  granted: number;
  tokens: number;
}

async function addToTotals(db: Db, deltas: readonly TotalsDelta[]): Promise<void> {
  const merged = new Map<string, TotalsDelta>();
  for (const delta of deltas) {
    const key = `${delta.teamId}|${delta.periodStart.toISOString()}`;
    const seen = merged.get(key);
    if (seen) {
      seen.charged += delta.charged;
      seen.granted += delta.granted;
      seen.tokens += delta.tokens;
    } else merged.set(key, { ...delta });
  }
  const ordered = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, delta]) => delta);
  if (ordered.length === 0) return;
  await db
    .insertInto('credit_balances')
    .values(
      ordered.map((delta) => ({
        team_id: delta.teamId,
        period_start: delta.periodStart,
        charged: delta.charged,
        granted: delta.granted,
        tokens: delta.tokens,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['team_id', 'period_start']).doUpdateSet({
        charged: sql`credit_balances.charged + excluded.charged`,
        granted: sql`credit_balances.granted + excluded.granted`,
        tokens: sql`credit_balances.tokens + excluded.tokens`,
      }),
    )
    .execute();
}
