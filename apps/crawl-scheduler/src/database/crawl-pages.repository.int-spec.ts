import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@wh/contracts';
import {
  crawlJobRow,
  type CrawlJobRow,
  crawlPageRow,
  type CrawlPageRow,
  eventually,
  testDatabase,
  heldOpen,
  waitingForLocks,
} from '@wh/testing';
import type { Job } from '../jobs/job';
import type { CrawlDatabase } from './crawl-database';
import { CrawlJobsRepository } from './crawl-jobs.repository';
import { CrawlPagesRepository, type DispatchedPage } from './crawl-pages.repository';
import { Transactions } from './transactions';

describe('CrawlPagesRepository', () => {
  const database = testDatabase<CrawlDatabase>();
  let jobs: CrawlJobsRepository;
  let pages: CrawlPagesRepository;
  let transactions: Transactions;

  beforeAll(() => {
    jobs = new CrawlJobsRepository(database.db);
    pages = new CrawlPagesRepository(database.db);
    transactions = new Transactions(database.db);
  });

  /** A running batch of `teamId` (a fresh team unless given) and the job the repository reads from its row. */
  async function aJob(overrides: Partial<CrawlJobRow> = {}): Promise<{ row: CrawlJobRow; job: Job }> {
    const row = crawlJobRow(overrides.team_id ?? randomUUID(), { seeded: true, ...overrides });
    await database.db.insertInto('crawl_jobs').values(row).execute();
    const job = await jobs.find(row.id);
    if (!job) throw new Error('the job just inserted is not found');
    return { row, job };
  }

  /** `count` pages of the job in queue order, changed by `overrides`. */
  async function somePages(row: CrawlJobRow, count: number, overrides: Partial<CrawlPageRow> = {}): Promise<string[]> {
    const inserted = await database.db
      .insertInto('crawl_pages')
      .values(Array.from({ length: count }, () => crawlPageRow(row, overrides)))
      .returning(['id', 'seq'])
      .execute();
    return inserted.sort((a, b) => Number(a.seq) - Number(b.seq)).map((page) => page.id);
  }

  /** The pages' whole rows, as the table holds them. */
  async function rowsOf(pageIds: readonly string[]) {
    return database.db.selectFrom('crawl_pages').selectAll().where('id', 'in', pageIds).execute();
  }

  async function statesOf(pageIds: readonly string[]): Promise<string[]> {
    const rows = await rowsOf(pageIds);
    const byId = new Map(rows.map((row) => [row.id, row.state]));
    return pageIds.map((id) => byId.get(id) ?? 'missing');
  }

  const claim = (job: Job, atMost = Number.MAX_SAFE_INTEGER): Promise<DispatchedPage[]> =>
    transactions.run((trx) => pages.claimForDispatch(trx, job, atMost));
  /** The ids of claimed pages, sorted: the claim's RETURNING comes in no particular order. */
  const ids = (claimed: readonly DispatchedPage[]): string[] => claimed.map((page) => page.id).sort();

  /** Sessions of this file's database waiting for a lock another transaction holds. */

  describe('claiming pages for dispatch', () => {
    it("claims queued pages in queue order, up to the job's concurrency less the pages already in flight", async () => {
      const { row, job } = await aJob({ max_concurrency: 3 });
      await somePages(row, 1, { state: 'dispatched', attempts: 1, dispatched_at: new Date() });
      const queued = await somePages(row, 5);

      const claimed = await claim(job);

      expect(ids(claimed)).toEqual(queued.slice(0, 2).sort());
      expect(claimed.map((page) => page.attempts)).toEqual([1, 1]);
      expect(await statesOf(queued)).toEqual(['dispatched', 'dispatched', 'queued', 'queued', 'queued']);
      expect((await rowsOf([queued[0] ?? '']))[0]?.dispatched_at).toBeInstanceOf(Date);
      expect(await claim(job)).toEqual([]);
    });

    it('claims no more than asked, and counts every dispatch of a page as an attempt', async () => {
      const { row, job } = await aJob({ max_concurrency: 10 });
      const [page] = await somePages(row, 3, { attempts: 2 });

      expect(await claim(job, 1)).toEqual([{ id: page, url: expect.any(String), attempts: 3, hidden: false }]);
      expect(await claim(job, 0)).toEqual([]);
    });

    it("never lets a team's jobs together pass the team's limit", async () => {
      const teamId = randomUUID();
      const first = await aJob({ team_id: teamId, max_concurrency: 3, team_concurrency_limit: 4 });
      const second = await aJob({ team_id: teamId, max_concurrency: 3, team_concurrency_limit: 4 });
      const otherTeam = await aJob({ max_concurrency: 3, team_concurrency_limit: 4 });
      for (const { row } of [first, second, otherTeam]) await somePages(row, 3);

      expect(await claim(first.job)).toHaveLength(3);
      expect(await claim(second.job)).toHaveLength(1);
      expect(await claim(second.job)).toHaveLength(0);
      expect(await claim(otherTeam.job)).toHaveLength(3);
    });

    it('never hands the same page to two dispatchers: the second waits for the first and claims the rest', async () => {
      const { row, job } = await aJob({ max_concurrency: 10 });
      const queued = await somePages(row, 5);
      const first = heldOpen(transactions, (trx) => pages.claimForDispatch(trx, job, 2));
      try {
        expect(ids(await first.worked)).toEqual(queued.slice(0, 2).sort());
        const second = claim(job, 2);
        await eventually(async () => expect(await waitingForLocks(database.db)).toBe(1));
        first.commit();

        const [firstClaim, secondClaim] = await Promise.all([first.committed, second]);
        expect(ids(secondClaim)).toEqual(queued.slice(2, 4).sort());
        expect(new Set([...ids(firstClaim), ...ids(secondClaim)]).size).toBe(4);
      } finally {
        first.commit();
      }
    });

    it("lets two dispatchers of one team's jobs, at once, together take no more than the team's limit", async () => {
      const teamId = randomUUID();
      const first = await aJob({ team_id: teamId, max_concurrency: 4, team_concurrency_limit: 4 });
      const second = await aJob({ team_id: teamId, max_concurrency: 4, team_concurrency_limit: 4 });
      for (const { row } of [first, second]) await somePages(row, 4);
      const firstClaim = heldOpen(transactions, (trx) =>
        pages.claimForDispatch(trx, first.job, Number.MAX_SAFE_INTEGER),
      );
      try {
        expect(await firstClaim.worked).toHaveLength(4);
        // Before the first commits, its four dispatches are invisible to the second: only the team's lock keeps it out.
        const secondClaim = claim(second.job);
        await eventually(async () => expect(await waitingForLocks(database.db)).toBe(1));
        firstClaim.commit();

        expect(await secondClaim).toEqual([]);
      } finally {
        firstClaim.commit();
      }
    });

    it('does not make dispatchers of different teams wait for each other', async () => {
      const [mine, theirs] = [await aJob({ max_concurrency: 2 }), await aJob({ max_concurrency: 2 })];
      for (const { row } of [mine, theirs]) await somePages(row, 2);
      const first = heldOpen(transactions, (trx) => pages.claimForDispatch(trx, mine.job, Number.MAX_SAFE_INTEGER));
      try {
        await first.worked;

        expect(await claim(theirs.job)).toHaveLength(2);
      } finally {
        first.commit();
      }
      expect(await first.committed).toHaveLength(2);
    });
  });

  describe('dispatches that went wrong', () => {
    it('puts a dispatched page back in the queue, but never a page whose result came', async () => {
      const { row } = await aJob();
      const [dispatched] = await somePages(row, 1, { state: 'dispatched', attempts: 1 });
      const [completed] = await somePages(row, 1, { state: 'completed', attempts: 1 });

      await pages.requeue(dispatched ?? '');
      await pages.requeue(completed ?? '');

      expect(await statesOf([dispatched ?? '', completed ?? ''])).toEqual(['queued', 'completed']);
    });

    it('hands back dispatches older than the cut-off only, and lists the recent ones with their jobs', async () => {
      const { row } = await aJob();
      const cutOff = new Date('2001-01-01T00:00:00Z');
      const [stale] = await somePages(row, 1, { state: 'dispatched', dispatched_at: new Date('2000-06-01T00:00:00Z') });
      const [recent] = await somePages(row, 1, { state: 'dispatched', dispatched_at: new Date() });
      const [done] = await somePages(row, 1, { state: 'completed', dispatched_at: new Date('2000-06-01T00:00:00Z') });

      expect(await pages.requeueStale(cutOff)).toBe(1);
      expect(await statesOf([stale ?? '', recent ?? '', done ?? ''])).toEqual(['queued', 'dispatched', 'completed']);

      const since = await pages.dispatchedSince(new Date(Date.now() - 60_000));
      expect(since).toContainEqual({ id: recent, url: expect.any(String), attempts: 0, hidden: false, job_id: row.id });
      expect(since.map((page) => page.id)).not.toContain(stale);
    });

    it('drops the queued pages of a cancelled job, and only those', async () => {
      const { row } = await aJob();
      const other = await aJob();
      const queued = await somePages(row, 2);
      const [inFlight] = await somePages(row, 1, { state: 'dispatched' });
      const otherQueued = await somePages(other.row, 1);

      await transactions.run((trx) => pages.cancelQueued(trx, row.id));

      expect(await statesOf([...queued, inFlight ?? '', ...otherQueued])).toEqual([
        'cancelled',
        'cancelled',
        'dispatched',
        'queued',
      ]);
      expect((await rowsOf(queued)).every((page) => page.finished_at instanceof Date)).toBe(true);
    });
  });

  describe('keeping results', () => {
    it('keeps documents with their sizes in bytes and their credits, adds the credits to the job, and never touches a page of another job', async () => {
      const { row } = await aJob();
      const other = await aJob();
      const [first, second] = await somePages(row, 2, { state: 'dispatched' });
      const [foreign] = await somePages(other.row, 1, { state: 'dispatched' });

      await transactions.run((trx) =>
        pages.completeMany(trx, row.id, [
          { pageId: first ?? '', document: '{"markdown":"é"}', credits: 2, tokens: 120 },
          { pageId: second ?? '', document: null, credits: 5, tokens: 0 },
          { pageId: foreign ?? '', document: '{}', credits: 100, tokens: 0 },
        ]),
      );

      const kept = await rowsOf([first ?? '', second ?? '', foreign ?? '']);
      const byId = new Map(kept.map((page) => [page.id, page]));
      expect(byId.get(first ?? '')).toMatchObject({
        state: 'completed',
        document: '{"markdown":"é"}',
        document_bytes: 17,
        credits: 2,
        tokens: 120,
        result_seq: expect.any(String),
      });
      expect(byId.get(second ?? '')).toMatchObject({
        state: 'completed',
        document: null,
        document_bytes: 0,
        credits: 5,
      });
      expect(byId.get(foreign ?? '')).toMatchObject({ state: 'dispatched', document: null, credits: 0 });
      expect((await jobs.find(row.id))?.creditsUsed).toBe(7);
      expect((await jobs.find(other.row.id))?.creditsUsed).toBe(0);
    });

    it("records a failed page's error and settles pages as cancelled or duplicate", async () => {
      const { row } = await aJob();
      const [failed, cancelled, duplicate] = await somePages(row, 3, { state: 'dispatched' });

      await transactions.run(async (trx) => {
        await pages.fail(trx, failed ?? '', { code: ErrorCode.ScrapeTimeout, message: 'Scrape timed out' });
        await pages.settle(trx, cancelled ?? '', 'cancelled');
        await pages.settle(trx, duplicate ?? '', 'duplicate');
      });

      const settled = await rowsOf([failed ?? '', cancelled ?? '', duplicate ?? '']);
      expect(new Map(settled.map((page) => [page.id, [page.state, page.error]]))).toEqual(
        new Map([
          [failed, ['failed', { code: ErrorCode.ScrapeTimeout, message: 'Scrape timed out' }]],
          [cancelled, ['cancelled', null]],
          [duplicate, ['duplicate', null]],
        ]),
      );
      expect(settled.every((page) => page.finished_at instanceof Date)).toBe(true);
    });

    it('locks pages in id order, so that two batches locking the same pages never wait on each other in a cycle', async () => {
      const { row } = await aJob();
      const some = await somePages(row, 4, { state: 'dispatched' });

      const locked = await transactions.run((trx) => pages.lockMany(trx, [...some].reverse()));

      expect(locked.map((page) => page.id)).toEqual([...some].sort());
      expect(await transactions.run((trx) => pages.lockMany(trx, []))).toEqual([]);
    });

    it('reads pages for their results without their documents, locked or not', async () => {
      const { row } = await aJob();
      const [kept = ''] = await somePages(row, 1, { state: 'dispatched' });
      await transactions.run((trx) =>
        pages.completeMany(trx, row.id, [{ pageId: kept, document: '{"markdown":"kept"}', credits: 1, tokens: 0 }]),
      );

      const found = await pages.findForResults([kept]);
      const locked = await transactions.run((trx) => pages.lockMany(trx, [kept]));

      for (const read of [found, locked]) {
        expect(read).toEqual([expect.objectContaining({ id: kept, job_id: row.id, state: 'completed', credits: 1 })]);
        expect(read[0]).not.toHaveProperty('document');
      }
    });

    it("finds a job's pages by URL key, never another job's", async () => {
      const { row } = await aJob();
      const other = await aJob();
      await database.db
        .insertInto('crawl_pages')
        .values(crawlPageRow(row, { url_key: 'http://site.crawl.test/a', state: 'completed' }))
        .execute();
      await database.db
        .insertInto('crawl_pages')
        .values(crawlPageRow(other.row, { url_key: 'http://site.crawl.test/b' }))
        .execute();

      const found = await transactions.run(async (trx) => ({
        own: await pages.findByKey(trx, row.id, 'http://site.crawl.test/a'),
        othersKey: await pages.findByKey(trx, row.id, 'http://site.crawl.test/b'),
      }));

      expect(found).toEqual({
        own: { id: expect.any(String), state: 'completed' },
        othersKey: undefined,
      });
    });
  });

  describe("a team's queue", () => {
    it('counts pages in flight and waiting of running jobs only, and knows the latest success', async () => {
      const teamId = randomUUID();
      const { row } = await aJob({ team_id: teamId });
      await somePages(row, 3);
      await somePages(row, 2, { state: 'dispatched' });
      await somePages(row, 1, { state: 'completed', finished_at: new Date('2026-11-20T10:00:00Z') });
      await somePages(row, 1, { state: 'completed', finished_at: new Date('2026-11-21T10:00:00Z') });
      const { row: done } = await aJob({ team_id: teamId, status: 'completed' } as Partial<CrawlJobRow>);
      await somePages(done, 4);
      await somePages((await aJob()).row, 5);

      expect(await pages.queueOf(teamId)).toEqual({
        active: 2,
        waiting: 3,
        mostRecentSuccess: new Date('2026-11-21T10:00:00Z'),
      });
      expect(await pages.queueOf(randomUUID())).toEqual({ active: 0, waiting: 0, mostRecentSuccess: null });
    });
  });
});
