import { type Kysely, sql } from 'kysely';

// Documents and markdown are tens of kilobytes, so Postgres compresses every one it stores. With its default, pglz,
// storing a 28 KB document costs about 1 ms of the backend's CPU and reading one back 0.3 ms; lz4 does the same for
// about a third on writes and two thirds on reads, for 4% more room (docs/benchmarks.md, "Postgres compression of
// documents"). Only values written from now on are affected. A server built without lz4 (the embedded one `npm start`
// runs where none is installed) keeps pglz: the error it raises is caught, so the migration applies everywhere.
const LARGE_VALUE_COLUMNS = [
  ['scrape_cache', 'document'],
  ['crawl_pages', 'document'],
  ['change_tracking_snapshots', 'markdown'],
  ['extract_job_pages', 'markdown'],
  ['extract_job_pages', 'html'],
] as const;

function setCompression(method: 'lz4' | 'default'): string {
  return LARGE_VALUE_COLUMNS.map(
    ([table, column]) => `alter table ${table} alter column ${column} set compression ${method};`,
  ).join('\n');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `do $$
      begin
        ${setCompression('lz4')}
      exception when feature_not_supported then
        raise notice 'this PostgreSQL was built without lz4: documents stay compressed with pglz';
      end $$;`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(setCompression('default')).execute(db);
}
