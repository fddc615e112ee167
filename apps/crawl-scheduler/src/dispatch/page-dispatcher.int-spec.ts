import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createLogger } from '@wh/platform/logging';
import type { ScrapeClient } from '@wh/scrape-client';
import { crawlJobRow, type CrawlJobRow, crawlPageRow, eventually, testDatabase } from '@wh/testing';
import type { CrawlDatabase } from '../database/crawl-database';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { CrawlPagesRepository } from '../database/crawl-pages.repository';
import { Transactions } from '../database/transactions';
import { PageDispatcher } from './page-dispatcher';

const RETENTION_MS = 3_600_000;

describe('PageDispatcher beside a cancel, over the real database', () => {
  const database = testDatabase<CrawlDatabase>();
  let jobs: CrawlJobsRepository;
  let pages: CrawlPagesRepository;
  let dispatcher: PageDispatcher;
  const submitted: string[] = [];

  beforeAll(() => {
    jobs = new CrawlJobsRepository(database.db);
    pages = new CrawlPagesRepository(database.db);
    const scrapes = { submit: async (job: { url: string }) => void submitted.push(job.url) } as unknown as ScrapeClient;
    dispatcher = new PageDispatcher(
      new Transactions(database.db),
      jobs,
      pages,
      scrapes,
      createLogger('integration-test', 'silent'),
    );
  });

  beforeEach(() => {
    submitted.length = 0;
  });

  async function aDelayedJobWithQueuedPages(): Promise<CrawlJobRow> {
    const row = crawlJobRow(randomUUID(), { seeded: true, delay_ms: 1_000 });
    await database.db.insertInto('crawl_jobs').values(row).execute();
    await database.db
      .insertInto('crawl_pages')
      .values([crawlPageRow(row), crawlPageRow(row)])
      .execute();
    return row;
  }

  /** Whether a statement of this database's other sessions is waiting for a row lock. */
  async function someoneWaitsForALock(): Promise<boolean> {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
    return (rows[0]?.waiting ?? 0) > 0;
  }

  it("waits for a cancel holding the job's row, then claims nothing of the cancelled job (it used to deadlock)", async () => {
    const row = await aDelayedJobWithQueuedPages();
    let dispatched: Promise<number> | undefined;

    // A cancel as CancelJobService runs it, held open until the dispatch is waiting on a lock.
    await database.db.transaction().execute(async (trx) => {
      await jobs.lock(trx, row.id);
      dispatched = dispatcher.dispatch(row.id);
      await eventually(async () => expect(await someoneWaitsForALock()).toBe(true));
      await pages.cancelQueued(trx, row.id);
      await jobs.finish(trx, row.id, 'cancelled', RETENTION_MS);
    });

    expect(await dispatched).toBe(0);
    expect(submitted).toEqual([]);
    const states = await database.db.selectFrom('crawl_pages').select('state').where('job_id', '=', row.id).execute();
    expect(states.map((page) => page.state)).toEqual(['cancelled', 'cancelled']);
  });

  it('sends one page of a delayed job and holds the next until the delay has passed', async () => {
    const row = await aDelayedJobWithQueuedPages();

    expect(await dispatcher.dispatch(row.id)).toBe(1);
    expect(await dispatcher.dispatch(row.id)).toBe(0);

    const job = await jobs.find(row.id);
    expect(job?.nextDispatchAt.getTime()).toBeGreaterThan(Date.now());
    expect(submitted).toHaveLength(1);
  });
});
