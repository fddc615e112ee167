import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import type { WireError } from '@wh/contracts';
import { DATABASE } from '@wh/platform/database';
import type { CrawlDatabase, Trx } from '../database/crawl-database';

/** The SQL of stopping a team's jobs once its credits are used up. */
@Injectable()
export class OutOfCreditsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CrawlDatabase>) {}

  /** The team's crawls and batch scrapes still running, oldest first. */
  async runningJobIds(teamId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('crawl_jobs')
      .select('id')
      .where('team_id', '=', teamId)
      .where('status', '=', 'scraping')
      .orderBy('created_at')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Fails the job's queued pages with `error` (they are listed by the job's errors route with the reason) and counts
   * them on the job.
   */
  async failQueued(trx: Trx, jobId: string, error: WireError): Promise<number> {
    const { rows } = await sql<{ failed: number }>`
      with failed as (
        update crawl_pages set state = 'failed', finished_at = now(), error = ${JSON.stringify(error)}::jsonb
        where job_id = ${jobId} and state = 'queued'
        returning id
      ), counted as (
        update crawl_jobs set pages_failed = pages_failed + (select count(*) from failed)
        where id = ${jobId} and exists (select from failed)
      )
      select count(*)::int as failed from failed`.execute(trx);
    return rows[0]?.failed ?? 0;
  }
}
