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
  change_tracking_snapshots: {
    team_id: string;
    /** sha256 of the URL: URLs can outgrow a btree key. */
    url_key: string;
    tag: string;
    version: number;
    url: string;
    job_id: string;
    markdown: string;
    scraped_at: Date;
  };
}
