import { sql } from 'kysely';
import type { ScrapeDocument } from '@wh/contracts';
import { testDatabase, uniqueName } from '@wh/testing';
import type { ScrapeWorkerDatabase } from '../database/scrape-worker-database';
import { ScrapeCacheRepository } from './scrape-cache.repository';

describe('ScrapeCacheRepository', () => {
  const database = testDatabase<ScrapeWorkerDatabase>();
  let cache: ScrapeCacheRepository;

  beforeAll(() => {
    cache = new ScrapeCacheRepository(database.db);
  });

  function document(markdown: string): ScrapeDocument {
    return {
      markdown,
      links: ['https://example.com/a'],
      metadata: { url: 'https://example.com/', sourceURL: 'https://example.com/', statusCode: 200, title: 'Example' },
    };
  }

  const at = (iso: string): Date => new Date(iso);

  it('hands back the stored document and when it was scraped', async () => {
    const key = uniqueName('key');
    await cache.store(key, 'https://example.com/', document('# Hello'), at('2026-11-22T10:00:00Z'));

    expect(await cache.find(key, {})).toEqual({ document: document('# Hello'), scrapedAt: at('2026-11-22T10:00:00Z') });
    expect(await cache.find(uniqueName('key'), {})).toBeUndefined();
  });

  it('finds an entry only inside the asked window, both ends included', async () => {
    const key = uniqueName('key');
    await cache.store(key, 'https://example.com/', document('# Window'), at('2026-11-22T10:00:00Z'));

    expect(
      await cache.find(key, { newerThan: at('2026-11-22T10:00:00Z'), olderThan: at('2026-11-22T10:00:00Z') }),
    ).toBeDefined();
    expect(await cache.find(key, { newerThan: at('2026-11-22T09:00:00Z') })).toBeDefined();
    expect(await cache.find(key, { newerThan: at('2026-11-22T10:00:01Z') })).toBeUndefined();
    expect(await cache.find(key, { olderThan: at('2026-11-22T09:59:59Z') })).toBeUndefined();
  });

  it('hands back a hit as JSON text, marked as a hit with the time it was scraped, only inside the window', async () => {
    const key = uniqueName('key');
    const stored = {
      ...document('# "Quoted" text\n'),
      metadata: { ...document('').metadata, cacheState: 'miss' as const },
    };
    await cache.store(key, 'https://example.com/', stored, at('2026-11-22T10:00:00.045Z'));

    const json = await cache.findHitJson(key, { newerThan: at('2026-11-22T09:00:00Z') });

    expect(JSON.parse(json ?? 'null')).toEqual({
      ...stored,
      metadata: { ...stored.metadata, cacheState: 'hit', cachedAt: '2026-11-22T10:00:00.045Z' },
    });
    expect(await cache.findHitJson(key, { olderThan: at('2026-11-22T09:59:59Z') })).toBeUndefined();
    expect(await cache.findHitJson(uniqueName('key'), {})).toBeUndefined();
  });

  it('replaces the entry of a key with the latest scrape', async () => {
    const key = uniqueName('key');
    await cache.store(key, 'https://example.com/', document('# Old'), at('2026-11-22T10:00:00Z'));

    await cache.store(key, 'https://example.com/?moved', document('# New'), at('2026-11-22T11:00:00Z'));

    expect(await cache.find(key, {})).toEqual({ document: document('# New'), scrapedAt: at('2026-11-22T11:00:00Z') });
    expect(await database.db.selectFrom('scrape_cache').select(['url']).where('cache_key', '=', key).execute()).toEqual(
      [{ url: 'https://example.com/?moved' }],
    );
  });

  // The page cache is what a cached hit reads and every miss writes: its documents are compressed with lz4 wherever
  // the server has it (see the migration 20261129T0100_documents_lz4).
  it('stores a large document compressed with lz4 when the server was built with it, and reads it back whole', async () => {
    const key = uniqueName('key');
    const markdown = Array.from({ length: 800 }, (_, line) => `Line ${line} of a long page, with words that repeat.`);
    await cache.store(key, 'https://example.com/', document(markdown.join('\n')), at('2026-11-22T10:00:00Z'));

    const serverHasLz4 = await sql`create temp table if not exists lz4_probe (value text compression lz4)`
      .execute(database.db)
      .then(
        () => true,
        () => false,
      );
    const { rows } = await sql<{ method: string | null }>`
      select pg_column_compression(document) as method from scrape_cache where cache_key = ${key}`.execute(database.db);
    expect(rows[0]?.method).toBe(serverHasLz4 ? 'lz4' : 'pglz');
    expect((await cache.find(key, {}))?.document.markdown).toBe(markdown.join('\n'));
  });
});
