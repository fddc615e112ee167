import type { Kysely } from 'kysely';
import type { CrawlDatabase } from '../database/crawl-database';
import type { ResourceFetcher } from '../resources/resource-fetcher';
import { RobotsRules, robotsUrlOf } from './robots-rules';

/**
 * robots.txt per job and origin, fetched once and kept in Postgres so every replica (and a restarted one)
 * reads the same rules without fetching again. Concurrent first reads in one process share one fetch.
 */
export class RobotsCache {
  private readonly loading = new Map<string, Promise<RobotsRules>>();

  constructor(
    private readonly db: Kysely<CrawlDatabase>,
    private readonly fetcher: ResourceFetcher,
  ) {}

  rulesFor(jobId: string, url: URL): Promise<RobotsRules> {
    const key = `${jobId} ${url.origin}`;
    let rules = this.loading.get(key);
    if (!rules) {
      rules = this.load(jobId, url).finally(() => this.loading.delete(key));
      this.loading.set(key, rules);
    }
    return rules;
  }

  private async load(jobId: string, url: URL): Promise<RobotsRules> {
    const robotsUrl = robotsUrlOf(url);
    const stored = await this.db
      .selectFrom('crawl_robots')
      .select('body')
      .where('job_id', '=', jobId)
      .where('origin', '=', url.origin)
      .executeTakeFirst();
    if (stored) return new RobotsRules(robotsUrl, stored.body);
    const fetched = await this.fetcher.fetch(robotsUrl);
    // A missing or unreadable robots.txt allows everything.
    const body = fetched && fetched.statusCode < 400 ? fetched.text : '';
    await this.db
      .insertInto('crawl_robots')
      .values({ job_id: jobId, origin: url.origin, body })
      .onConflict((conflict) => conflict.columns(['job_id', 'origin']).doNothing())
      .execute();
    return new RobotsRules(robotsUrl, body);
  }
}
