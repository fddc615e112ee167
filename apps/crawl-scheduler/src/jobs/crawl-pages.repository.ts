import { type Kysely, sql, type Selectable, type Transaction } from 'kysely';
import type { WireError } from '@wh/contracts';
import type { CrawlDatabase } from '../database/crawl-database';
import type { CrawlJobRow, Db } from './crawl-jobs.repository';

export type CrawlPageRow = Selectable<CrawlDatabase['crawl_pages']>;

export interface DispatchedPage {
  id: string;
  url: string;
  attempts: number;
}

/** SQL of single pages: dispatching them under the concurrency limits, and keeping their results. */
export class CrawlPagesRepository {
  constructor(private readonly db: Kysely<CrawlDatabase>) {}

  /**
   * Moves queued pages of a job to `dispatched`, as many as the job's and its team's concurrency allow. A lock per
   * team makes the count and the claim one step across every scheduler replica.
   */
  async claimForDispatch(trx: Transaction<CrawlDatabase>, job: CrawlJobRow, atMost: number): Promise<DispatchedPage[]> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${job.team_id}, 0))`.execute(trx);
    const [team, own] = await Promise.all([
      this.inFlight(trx, 'team_id', job.team_id),
      this.inFlight(trx, 'job_id', job.id),
    ]);
    const free = Math.min(atMost, job.max_concurrency - own, job.team_concurrency_limit - team);
    if (free <= 0) return [];
    const claimed = await trx
      .selectFrom('crawl_pages')
      .select('id')
      .where('job_id', '=', job.id)
      .where('state', '=', 'queued')
      .orderBy('seq')
      .limit(free)
      .forUpdate()
      .skipLocked()
      .execute();
    if (claimed.length === 0) return [];
    return trx
      .updateTable('crawl_pages')
      .set((eb) => ({ state: 'dispatched', dispatched_at: new Date(), attempts: eb('attempts', '+', 1) }))
      .where(
        'id',
        'in',
        claimed.map((row) => row.id),
      )
      .returning(['id', 'url', 'attempts'])
      .execute();
  }

  private async inFlight(trx: Db, column: 'team_id' | 'job_id', value: string): Promise<number> {
    const row = await trx
      .selectFrom('crawl_pages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where(column, '=', value)
      .where('state', '=', 'dispatched')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Hands pages whose dispatch was lost (the scheduler died before publishing) back to the queue. */
  async requeueStale(olderThan: Date): Promise<number> {
    const result = await this.db
      .updateTable('crawl_pages')
      .set({ state: 'queued' })
      .where('state', '=', 'dispatched')
      .where('dispatched_at', '<', olderThan)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Puts one dispatched page back in the queue (its publish failed). */
  async requeue(pageId: string): Promise<void> {
    await this.db.updateTable('crawl_pages').set({ state: 'queued' }).where('id', '=', pageId).where('state', '=', 'dispatched').execute();
  }

  async find(pageId: string): Promise<CrawlPageRow | undefined> {
    return this.db.selectFrom('crawl_pages').selectAll().where('id', '=', pageId).executeTakeFirst();
  }

  async lock(trx: Transaction<CrawlDatabase>, pageId: string): Promise<CrawlPageRow | undefined> {
    return trx.selectFrom('crawl_pages').selectAll().where('id', '=', pageId).forUpdate().executeTakeFirst();
  }

  async findByKey(trx: Db, jobId: string, urlKey: string): Promise<Pick<CrawlPageRow, 'id' | 'state'> | undefined> {
    return trx.selectFrom('crawl_pages').select(['id', 'state']).where('job_id', '=', jobId).where('url_key', '=', urlKey).executeTakeFirst();
  }

  /** Keeps a page's result; `document` is null when the job keeps no documents (zero data retention). */
  async complete(trx: Db, pageId: string, document: string | null, credits: number): Promise<void> {
    await trx
      .updateTable('crawl_pages')
      .set({
        state: 'completed',
        result_seq: sql<string>`nextval('crawl_page_result_seq')`,
        finished_at: new Date(),
        document,
        document_bytes: document === null ? 0 : Buffer.byteLength(document),
        credits,
      })
      .where('id', '=', pageId)
      .execute();
  }

  async fail(trx: Db, pageId: string, error: WireError): Promise<void> {
    await trx.updateTable('crawl_pages').set({ state: 'failed', finished_at: new Date(), error: JSON.stringify(error) }).where('id', '=', pageId).execute();
  }

  async settle(trx: Db, pageId: string, state: 'cancelled' | 'duplicate'): Promise<void> {
    await trx.updateTable('crawl_pages').set({ state, finished_at: new Date() }).where('id', '=', pageId).execute();
  }
}
