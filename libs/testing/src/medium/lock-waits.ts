import { type Kysely, sql } from 'kysely';

/** How many sessions of the database `db` is connected to wait for a lock right now (from `pg_stat_activity`). */
export async function waitingForLocks<DB>(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ waiting: string }>`
    select count(*) as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
  return Number(rows[0]?.waiting ?? 0);
}

/** A transaction held open after its work, so a test can make a second one wait for its locks. */
export interface HeldTransaction<T> {
  /** Settles once the work is done (or the transaction failed), while the transaction is still open. */
  worked: Promise<T>;
  /** Settles once the transaction committed after `commit()`. */
  committed: Promise<T>;
  commit: () => void;
}

/** What services open transactions with (each app's `database/transactions.ts`). */
export interface TransactionRunner<Trx> {
  run<R>(work: (trx: Trx) => Promise<R>): Promise<R>;
}

/** Runs `work` in a transaction of `transactions` and keeps it, with its locks, open until `commit()` is called. */
export function heldOpen<Trx, T>(
  transactions: TransactionRunner<Trx>,
  work: (trx: Trx) => Promise<T>,
): HeldTransaction<T> {
  let commit!: () => void;
  const held = new Promise<void>((resolve) => (commit = resolve));
  let done!: (value: T) => void;
  const worked = new Promise<T>((resolve) => (done = resolve));
  const committed = transactions.run(async (trx) => {
    const result = await work(trx);
    done(result);
    await held;
    return result;
  });
  return { worked: Promise.race([worked, committed]), committed, commit };
}
