import { type Kysely, sql } from 'kysely';

// Documents and markdown are tens of kilobytes, so Postgres compresses every one it stores. With its default, pglz,
// storing a 28 KB document costs about 1 ms of the backend's CPU and reading one back 0.3 ms; lz4 does the same for
// about a third on writes and two thirds on reads, for 4% more room (docs/benchmarks.md, "Postgres compression of
// documents"). Only values written from now on are affected. A server without lz4 keeps pglz and the migration still
// applies: before PostgreSQL 14 there is no per-column compression, and a server built without lz4 (the embedded one
// `npm start` runs where none is installed) raises an error that is caught. The statements are run with EXECUTE, so
// an older server never has to parse them.
const LARGE_VALUE_COLUMNS = [
  ['scrape_cache', 'document'],
  ['crawl_pages', 'document'],
  ['change_tracking_snapshots', 'markdown'],
  ['extract_job_pages', 'markdown'],
  ['extract_job_pages', 'html'],
] as const;
const FIRST_VERSION_WITH_COLUMN_COMPRESSION = 140_000;

function setCompression(method: 'lz4' | 'default'): string[] {
  return LARGE_VALUE_COLUMNS.map(
    ([table, column]) => `alter table ${table} alter column ${column} set compression ${method}`,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `do $$
      begin
        if current_setting('server_version_num')::int < ${FIRST_VERSION_WITH_COLUMN_COMPRESSION} then
          raise notice 'PostgreSQL before 14 compresses with pglz only: documents stay so';
          return;
        end if;
        ${setCompression('lz4')
          .map((statement) => `execute '${statement}';`)
          .join('\n')}
      exception when feature_not_supported then
        raise notice 'this PostgreSQL was built without lz4: documents stay compressed with pglz';
      end $$;`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ version: number }>`
    select current_setting('server_version_num')::int as version`.execute(db);
  if ((rows[0]?.version ?? 0) < FIRST_VERSION_WITH_COLUMN_COMPRESSION) return;
  await sql.raw(setCompression('default').join(';\n')).execute(db);
}
