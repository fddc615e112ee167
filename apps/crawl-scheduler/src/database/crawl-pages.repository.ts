import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql, type Selectable } from 'kysely';
import type { WireError } from '@wh/contracts';
import { DATABASE } from '@wh/platform/database';
import type { Job } from '../jobs/job';
import type { CrawlDatabase, Trx } from './crawl-database';

export type CrawlPageRow = Selectable<CrawlDatabase['crawl_pages']>;

/**
 * The columns keeping a page's result reads. Not the document, the error or the timestamps: pg builds a parser and a
 * property for every column of every row, which made these reads a visible share of the scheduler's CPU on each
 * batch, and a page kept earlier (a redelivered result) would bring its whole document along.
 */
const RESULT_PAGE_COLUMNS = ['id', 'job_id', 'team_id', 'url_key', 'depth', 'state', 'credits', 'tokens'] as const;

export type ResultPageRow = Pick<CrawlPageRow, (typeof RESULT_PAGE_COLUMNS)[number]>;

export interface CompletedPage {
  pageId: string;
  document: string | null;
  credits: number;
  /** LLM tokens of the page's json and summary formats. */
  tokens: number;
}

export interface DispatchedPage {
  id: string;
  url: string;
  attempts: number;
  hidden: boolean;
}

/** SQL of single pages: dispatching them under the concurrency limits, and keeping their results. */
@Injectable()
export class CrawlPagesRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CrawlDatabase>) {}

  /** Pages waiting to be dispatched, of every job still scraping: the size of all frontiers together. */
  async frontierSize(): Promise<number> {
    const { waiting } = await this.db
      .selectFrom('crawl_pages')
      .innerJoin('crawl_jobs', 'crawl_jobs.id', 'crawl_pages.job_id')
      .select(sql<number>`count(*)::int`.as('waiting'))
      .where('crawl_jobs.status', '=', 'scraping')
      .where('crawl_pages.state', '=', 'queued')
      .executeTakeFirstOrThrow();
    return waiting;
  }

  /** A team's pages in flight and waiting (of jobs still scraping), and when its latest page succeeded. */
  async queueOf(teamId: string): Promise<{ active: number; waiting: number; mostRecentSuccess: Date | null }> {
    const counts = await this.db
      .selectFrom('crawl_pages')
      .innerJoin('crawl_jobs', 'crawl_jobs.id', 'crawl_pages.job_id')
      .select([
        sql<number>`count(*) filter (where crawl_pages.state = 'dispatched')::int`.as('active'),
        sql<number>`count(*) filter (where crawl_pages.state = 'queued')::int`.as('waiting'),
      ])
      .where('crawl_jobs.team_id', '=', teamId)
      .where('crawl_jobs.status', '=', 'scraping')
      .where('crawl_pages.state', 'in', ['queued', 'dispatched'])
      .executeTakeFirstOrThrow();
    const latest = await this.db
      .selectFrom('crawl_pages')
      .select('finished_at')
      .where('team_id', '=', teamId)
      .where('state', '=', 'completed')
      .where('finished_at', 'is not', null)
      .orderBy('finished_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return { active: counts.active, waiting: counts.waiting, mostRecentSuccess: latest?.finished_at ?? null };
  }

  /**
   * Moves queued pages of a job to `dispatched`, as many as the job's and its team's concurrency allow. A lock per
   * team makes the count and the claim one step across every scheduler replica; the count and the claim are one
   * statement.
   */
  async claimForDispatch(trx: Trx, job: Job, atMost: number): Promise<DispatchedPage[]> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${job.teamId}, 0))`.execute(trx);
    const claimed = await sql<DispatchedPage>`
      with in_flight as (
        select count(*) filter (where job_id = ${job.id}) as own, count(*) as team
        from crawl_pages where team_id = ${job.teamId} and state = 'dispatched'
      ), claimable as (
        select id from crawl_pages
        where job_id = ${job.id} and state = 'queued'
        order by seq
        limit (select greatest(0, least(${atMost}::bigint, ${job.maxConcurrency} - own, ${job.teamConcurrencyLimit} - team)) from in_flight)
        for update skip locked
      )
      update crawl_pages set state = 'dispatched', dispatched_at = now(), attempts = attempts + 1
      where id in (select id from claimable)
      returning id, url, attempts, hidden`.execute(trx);
    return claimed.rows;
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

  /** Drops the queued pages of a job that is being cancelled. */
  async cancelQueued(trx: Trx, jobId: string): Promise<void> {
    await trx
      .updateTable('crawl_pages')
      .set({ state: 'cancelled', finished_at: new Date() })
      .where('job_id', '=', jobId)
      .where('state', '=', 'queued')
      .execute();
  }

  /** Pages dispatched after `since` whose results have not come back yet, with their jobs' ids. */
  async dispatchedSince(since: Date): Promise<(DispatchedPage & { job_id: string })[]> {
    return this.db
      .selectFrom('crawl_pages')
      .select(['id', 'url', 'attempts', 'hidden', 'job_id'])
      .where('state', '=', 'dispatched')
      .where('dispatched_at', '>', since)
      .execute();
  }

  /** Puts one dispatched page back in the queue (its publish failed). */
  async requeue(pageId: string): Promise<void> {
    await this.db
      .updateTable('crawl_pages')
      .set({ state: 'queued' })
      .where('id', '=', pageId)
      .where('state', '=', 'dispatched')
      .execute();
  }

  /** The pages results came for, as keeping them reads them. */
  async findForResults(pageIds: readonly string[]): Promise<ResultPageRow[]> {
    if (pageIds.length === 0) return [];
    return this.db.selectFrom('crawl_pages').select(RESULT_PAGE_COLUMNS).where('id', 'in', pageIds).execute();
  }

  /**
   * Locks the pages results came for, for the rest of the transaction, in id order so that two lockers never wait on
   * each other.
   */
  async lockMany(trx: Trx, pageIds: readonly string[]): Promise<ResultPageRow[]> {
    if (pageIds.length === 0) return [];
    return trx
      .selectFrom('crawl_pages')
      .select(RESULT_PAGE_COLUMNS)
      .where('id', 'in', pageIds)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  async findByKey(trx: Trx, jobId: string, urlKey: string): Promise<Pick<CrawlPageRow, 'id' | 'state'> | undefined> {
    return trx
      .selectFrom('crawl_pages')
      .select(['id', 'state'])
      .where('job_id', '=', jobId)
      .where('url_key', '=', urlKey)
      .executeTakeFirst();
  }

  /**
   * Keeps the results of many pages of one job and adds their credits and their count to the job, in one statement; a
   * `document` is null when the job keeps no documents (zero data retention).
   */
  async completeMany(trx: Trx, jobId: string, results: readonly CompletedPage[]): Promise<void> {
    if (results.length === 0) return;
    const ids = results.map((result) => result.pageId);
    const documents = results.map((result) => result.document);
    const bytes = results.map((result) => (result.document === null ? 0 : Buffer.byteLength(result.document)));
    const credits = results.map((result) => result.credits);
    const tokens = results.map((result) => result.tokens);
    await sql`
      with kept as (
        update crawl_pages as page
        set state = 'completed', result_seq = nextval('crawl_page_result_seq'), finished_at = now(),
            document = kept.document, document_bytes = kept.bytes, credits = kept.credits, tokens = kept.tokens
        from unnest(${ids}::uuid[], ${documents}::text[], ${bytes}::int[], ${credits}::int[], ${tokens}::int[])
          as kept(id, document, bytes, credits, tokens)
        where page.id = kept.id and page.job_id = ${jobId}
        returning page.credits
      )
      update crawl_jobs set credits_used = credits_used + (select coalesce(sum(credits), 0) from kept),
        pages_completed = pages_completed + (select count(*) from kept)
      where id = ${jobId}`.execute(trx);
  }

  /** Fails a page still queued or in flight, and counts it on its job. */
  async fail(trx: Trx, pageId: string, error: WireError): Promise<void> {
    await sql`
      with failed as (
        update crawl_pages set state = 'failed', finished_at = now(), error = ${JSON.stringify(error)}::jsonb
        where id = ${pageId} and state in ('queued', 'dispatched')
        returning job_id
      )
      update crawl_jobs set pages_failed = pages_failed + 1 where id = (select job_id from failed)`.execute(trx);
  }

  /**
   * Settles a page still queued or in flight without a result; a redirect duplicate leaves its job's total (it is
   * the page it redirected to, counted already).
   */
  async settle(trx: Trx, pageId: string, state: 'cancelled' | 'duplicate'): Promise<void> {
    await sql`
      with settled as (
        update crawl_pages set state = ${state}, finished_at = now()
        where id = ${pageId} and state in ('queued', 'dispatched')
        returning job_id, state
      )
      update crawl_jobs set pages_total = pages_total - 1
      where id = (select job_id from settled where state = 'duplicate')`.execute(trx);
  }
}
