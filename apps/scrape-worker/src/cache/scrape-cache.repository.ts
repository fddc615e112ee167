import { type Kysely, sql } from 'kysely';
import type { ScrapeDocument } from '@wh/contracts';
import type { ScrapeWorkerDatabase } from '../database/scrape-worker-database';

export interface CachedDocument {
  document: ScrapeDocument;
  scrapedAt: Date;
}

/** The ages a cached page may have: scraped no earlier than `newerThan` and no later than `olderThan`. */
export interface CacheWindow {
  newerThan?: Date;
  olderThan?: Date;
}

/**
 * A stored document as a cache hit, in JSON text: `metadata.cacheState` is `hit` and `metadata.cachedAt` the time it
 * was scraped (as `Date.toISOString` writes it). Postgres marks it and prints it, so the worker never parses it.
 */
const DOCUMENT_AS_HIT = sql<string>`jsonb_set(
  jsonb_set(document, '{metadata,cacheState}', '"hit"'),
  '{metadata,cachedAt}',
  to_jsonb(to_char(scraped_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
)::text`;

/** Shared page cache (not team data: pages scraped with headers or actions are never stored). */
export class ScrapeCacheRepository {
  constructor(private readonly db: Kysely<ScrapeWorkerDatabase>) {}

  /** The entry scraped within `window`. */
  async find(cacheKey: string, window: CacheWindow): Promise<CachedDocument | undefined> {
    const row = await this.inWindow(cacheKey, window).select(['document', 'scraped_at']).executeTakeFirst();
    return row && { document: row.document, scrapedAt: row.scraped_at };
  }

  /** The entry scraped within `window`, marked as a hit, as JSON text. */
  async findHitJson(cacheKey: string, window: CacheWindow): Promise<string | undefined> {
    const row = await this.inWindow(cacheKey, window).select(DOCUMENT_AS_HIT.as('document_json')).executeTakeFirst();
    return row?.document_json;
  }

  async store(cacheKey: string, url: string, document: ScrapeDocument, scrapedAt: Date): Promise<void> {
    const serialized = JSON.stringify(document);
    await this.db
      .insertInto('scrape_cache')
      .values({ cache_key: cacheKey, url, document: serialized, scraped_at: scrapedAt })
      .onConflict((conflict) =>
        conflict.column('cache_key').doUpdateSet({ document: serialized, scraped_at: scrapedAt, url }),
      )
      .execute();
  }

  private inWindow(cacheKey: string, window: CacheWindow) {
    let query = this.db.selectFrom('scrape_cache').where('cache_key', '=', cacheKey);
    if (window.newerThan) query = query.where('scraped_at', '>=', window.newerThan);
    if (window.olderThan) query = query.where('scraped_at', '<=', window.olderThan);
    return query;
  }
}
