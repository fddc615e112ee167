import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, type Selectable, sql } from 'kysely';
import type {
  CrawlJobKind,
  CrawlJobStatus,
  CrawlPageError,
  ResolvedCrawlOptions,
  ResolvedScrapeOptions,
  WebhookTarget,
} from '@wh/contracts';
import { DATABASE } from '@wh/platform/database';
import type { Crawl, Job, JobCounts } from '../jobs/job';
import type { CrawlDatabase, Db, PageState, Trx } from './crawl-database';
import { COUNTED_STATES } from './page-states';

type CrawlJobRow = Selectable<CrawlDatabase['crawl_jobs']>;

interface NewJobState {
  id: string;
  teamId: string;
  apiKeyId: string | null;
  url: string;
  scrapeOptions: ResolvedScrapeOptions;
  webhook: WebhookTarget | null;
  maxConcurrency: number;
  teamConcurrencyLimit: number;
  delayMs: number;
  idempotencyKey: string | null;
  seeded: boolean;
  expiresAt: Date;
}

export type NewJob =
  (NewJobState & { kind: 'crawl'; crawlOptions: ResolvedCrawlOptions }) | (NewJobState & { kind: 'batch' });

/** The one place rows become jobs: a crawl carries its options, a batch has none. */
function toJob(row: CrawlJobRow): Job {
  const state = {
    id: row.id,
    teamId: row.team_id,
    apiKeyId: row.api_key_id,
    status: row.status,
    url: row.url,
    scrapeOptions: row.scrape_options,
    webhook: row.webhook,
    maxConcurrency: row.max_concurrency,
    teamConcurrencyLimit: row.team_concurrency_limit,
    delayMs: row.delay_ms,
    zeroDataRetention: row.zero_data_retention,
    seeded: row.seeded,
    creditsUsed: row.credits_used,
    pagesAdmitted: row.pages_admitted,
    pages: { total: row.pages_total, completed: row.pages_completed, failed: row.pages_failed },
    nextDispatchAt: row.next_dispatch_at,
    expiresAt: row.expires_at,
  };
  if (row.kind === 'batch') return { ...state, kind: 'batch' };
  if (!row.crawl_options) throw new Error(`crawl ${row.id} has no crawl options`);
  return { ...state, kind: 'crawl', crawlOptions: row.crawl_options };
}

export interface NewPage {
  urlKey: string;
  url: string;
  depth: number;
  state?: PageState;
  error?: string;
}

/** SQL of jobs: creation, lookups scoped by team, counts, locks, the end of a job, expiry. */
@Injectable()
export class CrawlJobsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CrawlDatabase>) {}

  /** Inserts the job; false when the team already used this idempotency key. */
  async insertJob(trx: Trx, job: NewJob): Promise<boolean> {
    const inserted = await trx
      .insertInto('crawl_jobs')
      .values({
        id: job.id,
        team_id: job.teamId,
        api_key_id: job.apiKeyId,
        kind: job.kind,
        url: job.url,
        crawl_options: JSON.stringify(job.kind === 'crawl' ? job.crawlOptions : null),
        scrape_options: JSON.stringify(job.scrapeOptions),
        webhook: JSON.stringify(job.webhook),
        max_concurrency: job.maxConcurrency,
        team_concurrency_limit: job.teamConcurrencyLimit,
        delay_ms: job.delayMs,
        idempotency_key: job.idempotencyKey,
        zero_data_retention: job.scrapeOptions.zeroDataRetention,
        seeded: job.seeded,
        seed_claimed_until: null,
        finished_at: null,
        expires_at: job.expiresAt,
      })
      .onConflict((conflict) => conflict.columns(['team_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /**
   * Adds URLs to the frontier; a URL key the job already has is skipped. Returns how many queued pages were new,
   * which the job's admitted count (its `limit`) grows by.
   */
  async insertPages(trx: Trx, job: Pick<Job, 'id' | 'teamId'>, pages: readonly NewPage[]): Promise<number> {
    if (pages.length === 0) return 0;
    let admitted = 0;
    // Bounded statements: Postgres takes at most 65535 parameters in one.
    for (let start = 0; start < pages.length; start += 5_000) {
      // The pages and the job's admitted count in one statement: one round trip per result batch that found pages.
      const row = await trx
        .with('inserted', (db) =>
          db
            .insertInto('crawl_pages')
            .values(
              pages.slice(start, start + 5_000).map((page) => ({
                job_id: job.id,
                team_id: job.teamId,
                url_key: page.urlKey,
                url: page.url,
                depth: page.depth,
                state: page.state ?? 'queued',
                result_seq: null,
                dispatched_at: null,
                finished_at: null,
                document: null,
                error: JSON.stringify(page.error ? { code: 'ROBOTS_BLOCKED', message: page.error } : null),
              })),
            )
            .onConflict((conflict) => conflict.columns(['job_id', 'url_key']).doNothing())
            .returning('state'),
        )
        .with('queued', (db) =>
          db
            .selectFrom('inserted')
            // Bigints, which pg returns as strings: read with Number() below.
            .select((eb) => [
              eb.fn.countAll<number>().filterWhere('state', '=', 'queued').as('count'),
              eb.fn.countAll<number>().filterWhere('state', 'in', COUNTED_STATES).as('counted'),
            ]),
        )
        .updateTable('crawl_jobs')
        .set((eb) => ({
          pages_admitted: eb('pages_admitted', '+', eb.selectFrom('queued').select('count')),
          pages_total: eb('pages_total', '+', eb.selectFrom('queued').select('counted')),
        }))
        .where('id', '=', job.id)
        .where((eb) => eb(eb.selectFrom('queued').select('counted'), '>', 0))
        .returning((eb) => eb.selectFrom('queued').select('count').as('admitted'))
        .executeTakeFirst();
      admitted += Number(row?.admitted ?? 0);
    }
    return admitted;
  }

  /**
   * Adds the URLs the job does not have yet to its frontier, the queueable ones in order up to `room` (robots-blocked
   * ones whatever the room), grows the job's admitted count by those queued, and tells whether the job has open pages
   * (queued or in flight) now, all in one statement: one round trip per result batch that found links, where the
   * look-up, the insert and the open-pages check were three. The caller holds the job's row lock, so no other
   * transaction adds URLs to the job between the look-up and the insert.
   */
  async admitNew(
    trx: Trx,
    job: Pick<Job, 'id' | 'teamId'>,
    pages: readonly NewPage[],
    room: number,
  ): Promise<{ queued: number; openPages: boolean }> {
    // Arrays, not rows of parameters: one statement whatever the number of URLs.
    const keys = pages.map((page) => page.urlKey);
    const urls = pages.map((page) => page.url);
    const depths = pages.map((page) => page.depth);
    const states = pages.map((page) => page.state ?? 'queued');
    const errors = pages.map((page) =>
      page.error ? JSON.stringify({ code: 'ROBOTS_BLOCKED', message: page.error }) : null,
    );
    // The open-pages check reads the statement's snapshot: it sees what earlier statements of the transaction
    // settled, not the pages this one inserts, which the queued count stands for.
    const { rows } = await sql<{ queued: string; open_pages: boolean }>`
      with offered as (
        select offered.*, count(*) filter (where state = 'queued') over (order by ord) as queued_rank
        from unnest(${keys}::text[], ${urls}::text[], ${depths}::int[], ${states}::text[], ${errors}::jsonb[])
          with ordinality as offered(url_key, url, depth, state, error, ord)
        where not exists (select from crawl_pages where job_id = ${job.id} and url_key = offered.url_key)
      ), inserted as (
        insert into crawl_pages (job_id, team_id, url_key, url, depth, state, error)
        select ${job.id}, ${job.teamId}, url_key, url, depth, state, error from offered
        where state <> 'queued' or queued_rank <= ${Math.max(0, room)}
        order by ord
        on conflict (job_id, url_key) do nothing
        returning state
      ), admitted as (
        select count(*) filter (where state = 'queued') as queued,
          count(*) filter (where state = any(${COUNTED_STATES}::text[])) as counted
        from inserted
      ), grown as (
        update crawl_jobs set pages_admitted = pages_admitted + admitted.queued,
          pages_total = pages_total + admitted.counted
        from admitted
        where crawl_jobs.id = ${job.id} and admitted.counted > 0
      )
      select admitted.queued, admitted.queued > 0 or exists (
        select from crawl_pages where job_id = ${job.id} and state in ('queued', 'dispatched')
      ) as open_pages
      from admitted`.execute(trx);
    const row = rows[0];
    // count(*) is a bigint, which pg returns as a string.
    return { queued: Number(row?.queued ?? 0), openPages: row?.open_pages ?? true };
  }

  /** The team's job; another team's id, or a job of the other kind, is not found. */
  async findForTeam(teamId: string, id: string, kind?: CrawlJobKind): Promise<Job | undefined> {
    let query = this.db.selectFrom('crawl_jobs').selectAll().where('team_id', '=', teamId).where('id', '=', id);
    if (kind) query = query.where('kind', '=', kind);
    const row = await query.executeTakeFirst();
    return row && toJob(row);
  }

  async find(id: string, trx: Db = this.db): Promise<Job | undefined> {
    const row = await trx.selectFrom('crawl_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toJob(row);
  }

  async findMany(ids: readonly string[]): Promise<Job[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('crawl_jobs').selectAll().where('id', 'in', ids).execute();
    return rows.map(toJob);
  }

  /** Locks the job row for the rest of the transaction: result handling for one job is serialised. */
  async lock(trx: Trx, id: string): Promise<Job | undefined> {
    const row = await trx.selectFrom('crawl_jobs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    return row && toJob(row);
  }

  /** The job's pages by state as of now (its row's counters, which every statement changing a page keeps). */
  async counts(jobId: string, trx: Db = this.db): Promise<JobCounts> {
    const row = await trx
      .selectFrom('crawl_jobs')
      .select(['pages_total', 'pages_completed', 'pages_failed'])
      .where('id', '=', jobId)
      .executeTakeFirst();
    return { total: row?.pages_total ?? 0, completed: row?.pages_completed ?? 0, failed: row?.pages_failed ?? 0 };
  }

  /** Whether any page of the job is still queued or in flight (an index lookup, whatever the job's size). */
  async hasOpenPages(trx: Trx, jobId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('crawl_pages')
      .select('id')
      .where('job_id', '=', jobId)
      .where('state', 'in', ['queued', 'dispatched'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Ends a running job; its documents stay readable for `retentionMs`. */
  async finish(trx: Trx, jobId: string, status: CrawlJobStatus, retentionMs: number): Promise<void> {
    await trx
      .updateTable('crawl_jobs')
      .set({ status, finished_at: new Date(), expires_at: new Date(Date.now() + retentionMs) })
      .where('id', '=', jobId)
      .where('status', '=', 'scraping')
      .execute();
  }

  /** The team's job of this kind, locked for the rest of the transaction. */
  async lockForTeam(trx: Trx, teamId: string, kind: CrawlJobKind, id: string): Promise<Job | undefined> {
    const row = await trx
      .selectFrom('crawl_jobs')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('kind', '=', kind)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row && toJob(row);
  }

  /**
   * Running jobs whose turn to dispatch has come and that have a queued page and room for it. A job with all its
   * pages in flight is left out: its results claim its next pages, and during a crawl a pass that found that out in a
   * transaction of its own was four statements every 250 ms for nothing (the team's limit is still the claim's).
   */
  async dispatchable(limit: number): Promise<Job[]> {
    const rows = await this.db
      .selectFrom('crawl_jobs')
      .selectAll()
      .where('status', '=', 'scraping')
      .where('seeded', '=', true)
      .where('next_dispatch_at', '<=', new Date())
      .where(sql<boolean>`exists (select from crawl_pages where job_id = crawl_jobs.id and state = 'queued')`)
      .where(
        sql<boolean>`(select count(*) from crawl_pages where job_id = crawl_jobs.id and state = 'dispatched') < crawl_jobs.max_concurrency`,
      )
      .orderBy('next_dispatch_at')
      .limit(limit)
      .execute();
    return rows.map(toJob);
  }

  /** Whether any batch or crawl is in progress (on the partial index of running jobs). */
  async anyInProgress(): Promise<boolean> {
    const row = await this.db
      .selectFrom('crawl_jobs')
      .select('id')
      .where('status', '=', 'scraping')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Claims an unseeded crawl for seeding for `leaseMs`; another replica takes it over if this one dies. (Only crawls
   * are ever unseeded: a batch's pages are queued when it is created.)
   */
  async claimUnseeded(leaseMs: number): Promise<Crawl | undefined> {
    const now = new Date();
    const row = await this.db
      .updateTable('crawl_jobs')
      .set({ seed_claimed_until: new Date(now.getTime() + leaseMs) })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('crawl_jobs')
          .select('id')
          .where('kind', '=', 'crawl')
          .where('status', '=', 'scraping')
          .where('seeded', '=', false)
          .where((w) => w.or([w('seed_claimed_until', 'is', null), w('seed_claimed_until', '<', now)]))
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
    const job = row && toJob(row);
    return job?.kind === 'crawl' ? job : undefined;
  }

  async markSeeded(trx: Trx, jobId: string): Promise<void> {
    await trx.updateTable('crawl_jobs').set({ seeded: true }).where('id', '=', jobId).execute();
  }

  async setDelay(trx: Trx, jobId: string, delayMs: number): Promise<void> {
    await trx.updateTable('crawl_jobs').set({ delay_ms: delayMs }).where('id', '=', jobId).execute();
  }

  async delayNextDispatch(trx: Trx, jobId: string, until: Date): Promise<void> {
    await trx.updateTable('crawl_jobs').set({ next_dispatch_at: until }).where('id', '=', jobId).execute();
  }

  async activeCrawls(teamId: string): Promise<Crawl[]> {
    const rows = await this.db
      .selectFrom('crawl_jobs')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('kind', '=', 'crawl')
      .where('status', '=', 'scraping')
      .orderBy('created_at')
      .execute();
    return rows.map(toJob).filter((job): job is Crawl => job.kind === 'crawl');
  }

  /** Kept documents of a job in the order they were kept, from `skip`, up to `maxBytes` (at least one). */
  async documents(
    jobId: string,
    skip: number,
    limit: number,
    maxBytes: number,
  ): Promise<{ documents: string[]; more: boolean }> {
    const documents: string[] = [];
    let bytes = 0;
    const batch = Math.min(limit, 200);
    for (let offset = skip; documents.length < limit; offset += batch) {
      const rows = await this.db
        .selectFrom('crawl_pages')
        .select(['document', 'document_bytes'])
        .where('job_id', '=', jobId)
        .where('state', '=', 'completed')
        .where('document', 'is not', null)
        .orderBy('result_seq')
        .offset(offset)
        .limit(batch + 1)
        .execute();
      for (const [index, row] of rows.entries()) {
        if (index === batch) break;
        if (documents.length >= limit || (documents.length > 0 && bytes + row.document_bytes > maxBytes))
          return { documents, more: true };
        documents.push(row.document ?? 'null');
        bytes += row.document_bytes;
      }
      if (rows.length <= batch) return { documents, more: false };
    }
    return { documents, more: true };
  }

  async failures(jobId: string): Promise<{ errors: CrawlPageError[]; robotsBlocked: string[] }> {
    const rows = await this.db
      .selectFrom('crawl_pages')
      .select(['id', 'url', 'state', 'error', 'finished_at'])
      .where('job_id', '=', jobId)
      .where('state', 'in', ['failed', 'blocked'])
      .orderBy('seq')
      .execute();
    const errors = rows
      .filter((row) => row.state === 'failed')
      .map((row) => ({
        id: row.id,
        timestamp: (row.finished_at ?? new Date()).toISOString(),
        url: row.url,
        error: row.error?.message ?? 'failed',
        ...(row.error?.code ? { code: row.error.code } : {}),
      }));
    return { errors, robotsBlocked: rows.filter((row) => row.state === 'blocked').map((row) => row.url) };
  }

  /** Deletes jobs (and with them their pages and documents) whose retention ended. */
  async deleteExpired(): Promise<number> {
    const result = await this.db.deleteFrom('crawl_jobs').where('expires_at', '<', new Date()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
