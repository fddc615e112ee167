import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@wh/platform/database';
import type { CrawlDatabase } from '../database/crawl-database';

/** robots.txt bodies per job and origin, as first fetched for the job. */
@Injectable()
export class RobotsRulesRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CrawlDatabase>) {}

  async find(jobId: string, origin: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('crawl_robots')
      .select('body')
      .where('job_id', '=', jobId)
      .where('origin', '=', origin)
      .executeTakeFirst();
    return row?.body;
  }

  /**
   * Stores the body unless one is stored for the job and origin already, and returns the one that is: a replica
   * whose fetch raced another's follows the rules stored first, as every other replica does.
   */
  async keepFirst(jobId: string, origin: string, body: string): Promise<string> {
    const inserted = await this.db
      .insertInto('crawl_robots')
      .values({ job_id: jobId, origin, body })
      .onConflict((conflict) => conflict.columns(['job_id', 'origin']).doNothing())
      .returning('body')
      .executeTakeFirst();
    return inserted?.body ?? (await this.find(jobId, origin)) ?? body;
  }
}
