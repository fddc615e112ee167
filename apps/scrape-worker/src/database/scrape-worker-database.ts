import type { ColumnType } from 'kysely';
import type { ScrapeDocument } from '@wh/contracts';

/** The tables scrape-worker owns. */
export interface ScrapeWorkerDatabase {
  scrape_cache: {
    cache_key: string;
    url: string;
    document: ColumnType<ScrapeDocument, string, string>;
    scraped_at: ColumnType<Date, Date | undefined, Date>;
  };
}
