import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import { DATABASE } from '@wh/platform/database';
import type { CrawlDatabase } from '../database/crawl-database';

export interface KnownPage {
  url: string;
  title: string | null;
  description: string | null;
}

function regexLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Pages of a site the team's earlier crawls and batches kept (and still keep: rows go when their job expires), with
 * the title and description of their documents. Zero-data-retention jobs are left out: their pages are nobody's to
 * list again.
 */
@Injectable()
export class KnownPagesRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CrawlDatabase>) {}

  /**
   * The latest kept copy of each page on `site` (a host without `www.`, as page keys hold it), or on its subdomains
   * too, at most `limit`, most recently kept first.
   */
  async ofSite(teamId: string, site: string, includeSubdomains: boolean, limit: number): Promise<KnownPage[]> {
    // Page keys start with the host (no scheme, no www.), then an optional port, then the path.
    const keyPattern = `^${includeSubdomains ? '([^/:?]+\\.)?' : ''}${regexLiteral(site.toLowerCase())}(:[0-9]+)?([/?]|$)`;
    // Documents are read (and parsed) only for the rows kept, after de-duplication and the limit.
    const latest = this.db
      .selectFrom('crawl_pages')
      .innerJoin('crawl_jobs', 'crawl_jobs.id', 'crawl_pages.job_id')
      .distinctOn('crawl_pages.url_key')
      .select(['crawl_pages.id', 'crawl_pages.finished_at'])
      .where('crawl_pages.team_id', '=', teamId)
      .where('crawl_pages.state', '=', 'completed')
      .where('crawl_jobs.team_id', '=', teamId)
      .where('crawl_jobs.zero_data_retention', '=', false)
      .where(sql<boolean>`crawl_pages.url_key ~ ${keyPattern}`)
      .orderBy('crawl_pages.url_key')
      .orderBy('crawl_pages.finished_at', 'desc');
    const chosen = this.db
      .selectFrom(latest.as('latest'))
      .select(['id', 'finished_at'])
      .orderBy('finished_at', 'desc')
      .limit(limit);
    return this.db
      .selectFrom(chosen.as('chosen'))
      .innerJoin('crawl_pages', 'crawl_pages.id', 'chosen.id')
      .select([
        'crawl_pages.url',
        sql<string | null>`crawl_pages.document::jsonb #>> '{metadata,title}'`.as('title'),
        sql<string | null>`crawl_pages.document::jsonb #>> '{metadata,description}'`.as('description'),
      ])
      .orderBy('chosen.finished_at', 'desc')
      .execute();
  }
}
