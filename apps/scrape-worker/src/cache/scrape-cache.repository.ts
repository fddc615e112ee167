import type { Kysely } from 'kysely';
import type { ScrapeDocument } from '@wh/contracts';
import type { ScrapeWorkerDatabase } from '../database/scrape-worker-database';

export interface CachedDocument {
  document: ScrapeDocument;
  scrapedAt: Date;
}

/** Shared page cache (not team data: pages scraped with headers or actions are never stored). */
export class ScrapeCacheRepository {
  constructor(private readonly db: Kysely<ScrapeWorkerDatabase>) {}

  /** The entry scraped no earlier than `newerThan` and no later than `olderThan`. */
  async find(cacheKey: string, window: { newerThan?: Date; olderThan?: Date }): Promise<CachedDocument | undefined> {
    let query = this.db.selectFrom('scrape_cache').select(['document', 'scraped_at']).where('cache_key', '=', cacheKey);
    if (window.newerThan) query = query.where('scraped_at', '>=', window.newerThan);
    if (window.olderThan) query = query.where('scraped_at', '<=', window.olderThan);
    const row = await query.executeTakeFirst();
    return row && { document: row.document, scrapedAt: row.scraped_at };
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
}
