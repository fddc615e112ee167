import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createKysely } from '@wh/platform/database';
import { createDatabase, dropDatabase, withDatabase } from '@wh/tools/dev';
import { mediumInfrastructure } from './medium-infrastructure';
import { migrateToLatest } from './migrations';

/** A migrated database of one test file; see {@link testDatabase}. */
export interface TestDatabase<DB> {
  /** Kysely typed by the service's own database interface. Usable from `beforeAll` (registered later) on. */
  readonly db: Kysely<DB>;
  /** Connection URL, for code that opens its own connections. */
  readonly url: string;
}

/** `wh_int_<test file>_<time><random>`: unique per run and file, and says where a leftover came from. */
function databaseName(): string {
  const testFile = path
    .basename(expect.getState().testPath ?? 'test', '.int-spec.ts')
    .replace(/[^a-z0-9]+/gi, '_')
    .toLowerCase();
  return `wh_int_${testFile.slice(0, 30)}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/**
 * Call once at the top of an int-spec: before its tests it creates a database of the file's own on the run's
 * Postgres and applies every migration; after them it closes the pool and drops the database. Tests of the file
 * share it, so each should make its own rows (see the factories) rather than expect empty tables.
 *
 * @example const database = testDatabase<BillingDatabase>();
 *          beforeAll(() => { repository = new TeamsRepository(database.db); });
 */
export function testDatabase<DB>(): TestDatabase<DB> {
  let open: { db: Kysely<DB>; url: string; name: string } | undefined;
  beforeAll(async () => {
    const { postgresAdminUrl } = mediumInfrastructure();
    const name = databaseName();
    await createDatabase(postgresAdminUrl, name);
    const url = withDatabase(postgresAdminUrl, name);
    const db = createKysely<DB>(url, () => undefined, 4);
    open = { db, url, name };
    await migrateToLatest(db as Kysely<unknown>);
  }, 30_000);
  afterAll(async () => {
    if (!open) return;
    await open.db.destroy();
    await dropDatabase(mediumInfrastructure().postgresAdminUrl, open.name);
    open = undefined;
  }, 30_000);
  const current = (): { db: Kysely<DB>; url: string } => {
    if (!open) throw new Error('testDatabase(): the database exists from beforeAll to afterAll only');
    return open;
  };
  return {
    get db() {
      return current().db;
    },
    get url() {
      return current().url;
    },
  };
}
