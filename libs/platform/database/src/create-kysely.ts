import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';

/** A Kysely instance over a pg pool; typed by the calling service's own database interface. */
export function createKysely<DB>(connectionString: string, onPoolError: (error: Error) => void, max = 10): Kysely<DB> {
  const pool = new Pool({ connectionString, max });
  // An idle client's connection can be killed under us (server restart, 57P01); that must not crash the process.
  pool.on('error', onPoolError);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
