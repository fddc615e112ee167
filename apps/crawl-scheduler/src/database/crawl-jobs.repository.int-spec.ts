import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@wh/contracts';
import {
  crawlJobRow,
  type CrawlJobRow,
  crawlPageRow,
  type CrawlPageRow,
  eventually,
  resolvedCrawlOptions,
  resolvedScrapeOptions,
  testDatabase,
  heldOpen,
  waitingForLocks,
} from '@wh/testing';
import type { CrawlDatabase } from './crawl-database';
import { CrawlJobsRepository, type NewJob } from './crawl-jobs.repository';
import { CrawlPagesRepository } from './crawl-pages.repository';
import { Transactions } from './transactions';

type NewBatch = Extract<NewJob, { kind: 'batch' }>;
type NewCrawl = Extract<NewJob, { kind: 'crawl' }>;

const DAY_MS = 86_400_000;

describe('CrawlJobsRepository', () => {
  const database = testDatabase<CrawlDatabase>();
  let jobs: CrawlJobsRepository;
  let pages: CrawlPagesRepository;
  let transactions: Transactions;

  beforeAll(() => {
    jobs = new CrawlJobsRepository(database.db);
    pages = new CrawlPagesRepository(database.db);
    transactions = new Transactions(database.db);
  });

  function aBatch(teamId: string, overrides: Partial<NewBatch> = {}): NewBatch {
    return {
      kind: 'batch',
      id: randomUUID(),
      teamId,
      apiKeyId: null,
      url: 'http://site.crawl.test/',
      scrapeOptions: resolvedScrapeOptions(),
      webhook: null,
      maxConcurrency: 2,
      teamConcurrencyLimit: 10,
      delayMs: 0,
      idempotencyKey: null,
      seeded: true,
      expiresAt: new Date(Date.now() + DAY_MS),
      ...overrides,
    };
  }

  function aCrawl(teamId: string, overrides: Partial<NewCrawl> = {}): NewCrawl {
    return {
      ...aBatch(teamId),
      kind: 'crawl',
      crawlOptions: resolvedCrawlOptions({ limit: 50 }),
      seeded: false,
      ...overrides,
    };
  }

  const insert = (job: NewJob): Promise<boolean> => transactions.run((trx) => jobs.insertJob(trx, job));

  /** Inserts a row as it stands; the factory's SQL nulls of JSON columns go as JSON `null`, which Kysely's types take. */
  async function aJobRow(row: CrawlJobRow): Promise<CrawlJobRow> {
    await database.db.insertInto('crawl_jobs').values(row).execute();
    return row;
  }

  async function aPage(row: CrawlPageRow): Promise<string> {
    const { id } = await database.db.insertInto('crawl_pages').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  /** `count` dispatched pages of the job, in queue order. */
  async function somePages(job: CrawlJobRow, count: number): Promise<string[]> {
    const rows = Array.from({ length: count }, () => crawlPageRow(job, { state: 'dispatched' }));
    const inserted = await database.db.insertInto('crawl_pages').values(rows).returning(['id', 'seq']).execute();
    return inserted.sort((a, b) => Number(a.seq) - Number(b.seq)).map((row) => row.id);
  }

  /** Keeps one document per call, so the calls' order is the order the documents were kept in. */
  async function keep(jobId: string, pageId: string, document: string | null, credits = 1): Promise<void> {
    await transactions.run((trx) => pages.completeMany(trx, jobId, [{ pageId, document, credits, tokens: 0 }]));
  }

  /** Sessions of this file's database waiting for a lock another transaction holds. */

  describe('rows become jobs', () => {
    it('reads a crawl back with its crawl options and a batch without any', async () => {
      const teamId = randomUUID();
      const webhook = {
        url: 'http://hooks.test/',
        headers: { 'x-token': 'a' },
        metadata: { run: 7 },
        events: ['page' as const],
      };
      const apiKeyId = randomUUID();
      const crawl = aCrawl(teamId, { webhook, delayMs: 1_500, idempotencyKey: randomUUID(), apiKeyId });
      const batch = aBatch(teamId, { scrapeOptions: resolvedScrapeOptions({ zeroDataRetention: true }) });
      await insert(crawl);
      await insert(batch);

      expect(await jobs.find(crawl.id)).toEqual({
        id: crawl.id,
        teamId,
        apiKeyId,
        kind: 'crawl',
        status: 'scraping',
        url: crawl.url,
        scrapeOptions: crawl.scrapeOptions,
        crawlOptions: crawl.crawlOptions,
        webhook,
        maxConcurrency: 2,
        teamConcurrencyLimit: 10,
        delayMs: 1_500,
        zeroDataRetention: false,
        seeded: false,
        creditsUsed: 0,
        pagesAdmitted: 0,
        pages: { total: 0, completed: 0, failed: 0 },
        nextDispatchAt: expect.any(Date),
        expiresAt: crawl.expiresAt,
      });
      const readBatch = await jobs.find(batch.id);
      expect(readBatch).toMatchObject({
        kind: 'batch',
        apiKeyId: null,
        webhook: null,
        seeded: true,
        zeroDataRetention: true,
        scrapeOptions: batch.scrapeOptions,
      });
      expect(readBatch).not.toHaveProperty('crawlOptions');
    });

    it('refuses to read a crawl whose row lost its crawl options rather than pass it off as a batch', async () => {
      // Seeded and ended, so that no seeding claim or dispatch listing of the other tests ever meets it.
      const row = await aJobRow(crawlJobRow(randomUUID(), { kind: 'crawl', crawl_options: 'null', seeded: true }));
      await database.db.updateTable('crawl_jobs').set({ status: 'completed' }).where('id', '=', row.id).execute();

      await expect(jobs.find(row.id)).rejects.toThrow(`crawl ${row.id} has no crawl options`);
    });

    it('finds many jobs by id at once, of both kinds', async () => {
      const [crawl, batch] = [aCrawl(randomUUID()), aBatch(randomUUID())];
      await insert(crawl);
      await insert(batch);

      const found = await jobs.findMany([crawl.id, batch.id, randomUUID()]);

      expect(found.map((job) => [job.id, job.kind]).sort()).toEqual(
        [
          [crawl.id, 'crawl'],
          [batch.id, 'batch'],
        ].sort(),
      );
      expect(await jobs.findMany([])).toEqual([]);
    });
  });

  describe('team scoping', () => {
    it("never shows a team another team's job, nor a job of the other kind", async () => {
      const [teamId, otherTeam] = [randomUUID(), randomUUID()];
      const crawl = aCrawl(teamId);
      await insert(crawl);

      expect(await jobs.findForTeam(teamId, crawl.id)).toMatchObject({ id: crawl.id });
      expect(await jobs.findForTeam(teamId, crawl.id, 'crawl')).toMatchObject({ id: crawl.id });
      expect(await jobs.findForTeam(teamId, crawl.id, 'batch')).toBeUndefined();
      expect(await jobs.findForTeam(otherTeam, crawl.id)).toBeUndefined();
      expect(await jobs.findForTeam(teamId, randomUUID())).toBeUndefined();
    });

    it("locks only the team's own job of the asked kind", async () => {
      const [teamId, otherTeam] = [randomUUID(), randomUUID()];
      const batch = aBatch(teamId);
      await insert(batch);

      const locked = await transactions.run(async (trx) => ({
        own: await jobs.lockForTeam(trx, teamId, 'batch', batch.id),
        otherKind: await jobs.lockForTeam(trx, teamId, 'crawl', batch.id),
        otherTeam: await jobs.lockForTeam(trx, otherTeam, 'batch', batch.id),
      }));

      expect(locked).toEqual({
        own: expect.objectContaining({ id: batch.id }),
        otherKind: undefined,
        otherTeam: undefined,
      });
    });

    it("lists a team's running crawls oldest first, without batches, ended crawls or other teams' crawls", async () => {
      const [teamId, otherTeam] = [randomUUID(), randomUUID()];
      const older = await aJobRow(
        crawlJobRow(teamId, { kind: 'crawl', crawl_options: JSON.stringify(resolvedCrawlOptions()) }),
      );
      await database.db
        .updateTable('crawl_jobs')
        .set({ created_at: new Date('2026-01-01T00:00:00Z') })
        .where('id', '=', older.id)
        .execute();
      const newer = aCrawl(teamId);
      await insert(newer);
      await insert(aBatch(teamId));
      await insert(aCrawl(otherTeam));
      const ended = aCrawl(teamId);
      await insert(ended);
      await transactions.run((trx) => jobs.finish(trx, ended.id, 'completed', DAY_MS));

      const active = await jobs.activeCrawls(teamId);

      expect(active.map((job) => job.id)).toEqual([older.id, newer.id]);
      expect(active[0]?.crawlOptions).toEqual(resolvedCrawlOptions());
    });
  });

  describe('jobs in progress', () => {
    it('tells whether any batch or crawl is in progress, ended ones not counted', async () => {
      // Inside a transaction that is rolled back, so that the other tests' jobs are ended only here.
      const rolledBack = new Error('rolled back');
      const checked = database.db.transaction().execute(async (trx) => {
        const inTransaction = new CrawlJobsRepository(trx);
        await trx.updateTable('crawl_jobs').set({ status: 'completed' }).where('status', '=', 'scraping').execute();
        expect(await inTransaction.anyInProgress()).toBe(false);
        const batch = aBatch(randomUUID());
        await inTransaction.insertJob(trx, batch);
        expect(await inTransaction.anyInProgress()).toBe(true);
        await inTransaction.finish(trx, batch.id, 'cancelled', DAY_MS);
        expect(await inTransaction.anyInProgress()).toBe(false);
        throw rolledBack;
      });
      await expect(checked).rejects.toBe(rolledBack);
    });
  });

  describe('idempotency keys', () => {
    it('refuses a key the team already used, lets another team use it, and never compares jobs without a key', async () => {
      const [teamId, otherTeam, key] = [randomUUID(), randomUUID(), randomUUID()];

      expect(await insert(aBatch(teamId, { idempotencyKey: key }))).toBe(true);
      expect(await insert(aCrawl(teamId, { idempotencyKey: key }))).toBe(false);
      expect(await insert(aBatch(otherTeam, { idempotencyKey: key }))).toBe(true);
      expect(await insert(aBatch(teamId))).toBe(true);
      expect(await insert(aBatch(teamId))).toBe(true);

      const keyed = await database.db
        .selectFrom('crawl_jobs')
        .select('kind')
        .where('team_id', '=', teamId)
        .where('idempotency_key', '=', key)
        .execute();
      expect(keyed).toEqual([{ kind: 'batch' }]);
    });

    it('lets one of two concurrent creations under one key through; the other waits for it and is refused', async () => {
      const [teamId, key] = [randomUUID(), randomUUID()];
      const first = heldOpen(transactions, (trx) => jobs.insertJob(trx, aBatch(teamId, { idempotencyKey: key })));
      try {
        expect(await first.worked).toBe(true);
        const second = insert(aBatch(teamId, { idempotencyKey: key }));
        await eventually(async () => expect(await waitingForLocks(database.db)).toBe(1));
        first.commit();

        expect(await Promise.all([first.committed, second])).toEqual([true, false]);
      } finally {
        first.commit();
      }
    });
  });

  describe('the frontier', () => {
    it('adds only URL keys the job does not have yet, and admits only the queued ones', async () => {
      const batch = aBatch(randomUUID());
      await insert(batch);
      const job = { id: batch.id, teamId: batch.teamId };

      const first = await transactions.run((trx) =>
        jobs.insertPages(trx, job, [
          { urlKey: 'a', url: 'http://site.crawl.test/a', depth: 0 },
          { urlKey: 'b', url: 'http://site.crawl.test/b', depth: 1 },
          {
            urlKey: 'private',
            url: 'http://site.crawl.test/private',
            depth: 1,
            state: 'blocked',
            error: 'Disallowed by robots.txt',
          },
        ]),
      );
      const second = await transactions.run((trx) =>
        jobs.insertPages(trx, job, [
          { urlKey: 'a', url: 'http://site.crawl.test/a?again', depth: 2 },
          { urlKey: 'c', url: 'http://site.crawl.test/c', depth: 2 },
        ]),
      );

      const onlyKnown = await transactions.run((trx) =>
        jobs.insertPages(trx, job, [{ urlKey: 'b', url: 'http://site.crawl.test/b#again', depth: 3 }]),
      );

      expect([first, second, onlyKnown]).toEqual([2, 1, 0]);
      expect((await jobs.find(batch.id))?.pagesAdmitted).toBe(3);
      const stored = await database.db
        .selectFrom('crawl_pages')
        .select(['url_key', 'url', 'state', 'error'])
        .where('job_id', '=', batch.id)
        .orderBy('seq')
        .execute();
      expect(stored).toEqual([
        { url_key: 'a', url: 'http://site.crawl.test/a', state: 'queued', error: null },
        { url_key: 'b', url: 'http://site.crawl.test/b', state: 'queued', error: null },
        {
          url_key: 'private',
          url: 'http://site.crawl.test/private',
          state: 'blocked',
          error: { code: 'ROBOTS_BLOCKED', message: 'Disallowed by robots.txt' },
        },
        { url_key: 'c', url: 'http://site.crawl.test/c', state: 'queued', error: null },
      ]);
    });

    it('admits in one statement only URL keys the job does not have, queued ones up to the room left', async () => {
      const batch = aBatch(randomUUID());
      await insert(batch);
      const job = { id: batch.id, teamId: batch.teamId };
      await transactions.run((trx) =>
        jobs.insertPages(trx, job, [{ urlKey: 'a', url: 'http://site.crawl.test/a', depth: 0 }]),
      );
      const offered = [
        { urlKey: 'a', url: 'http://site.crawl.test/a?again', depth: 1 },
        { urlKey: 'b', url: 'http://site.crawl.test/b', depth: 1 },
        {
          urlKey: 'private',
          url: 'http://site.crawl.test/private',
          depth: 1,
          state: 'blocked' as const,
          error: 'Blocked by robots.txt',
        },
        { urlKey: 'c', url: 'http://site.crawl.test/c', depth: 1 },
        { urlKey: 'd', url: 'http://site.crawl.test/d', depth: 1 },
      ];

      const queued = await transactions.run((trx) => jobs.admitNew(trx, job, offered, 2));
      const noRoom = await transactions.run((trx) =>
        jobs.admitNew(trx, job, [{ urlKey: 'e', url: 'http://site.crawl.test/e', depth: 2 }], 0),
      );
      const onlyKnown = await transactions.run((trx) => jobs.admitNew(trx, job, offered.slice(0, 2), 5));

      expect([queued, noRoom, onlyKnown]).toEqual([
        { queued: 2, openPages: true },
        { queued: 0, openPages: true },
        { queued: 0, openPages: true },
      ]);
      expect((await jobs.find(batch.id))?.pagesAdmitted).toBe(3);
      const stored = await database.db
        .selectFrom('crawl_pages')
        .select(['url_key', 'url', 'depth', 'state', 'error'])
        .where('job_id', '=', batch.id)
        .orderBy('seq')
        .execute();
      expect(stored).toEqual([
        { url_key: 'a', url: 'http://site.crawl.test/a', depth: 0, state: 'queued', error: null },
        { url_key: 'b', url: 'http://site.crawl.test/b', depth: 1, state: 'queued', error: null },
        {
          url_key: 'private',
          url: 'http://site.crawl.test/private',
          depth: 1,
          state: 'blocked',
          error: { code: 'ROBOTS_BLOCKED', message: 'Blocked by robots.txt' },
        },
        { url_key: 'c', url: 'http://site.crawl.test/c', depth: 1, state: 'queued', error: null },
      ]);
      // Once an earlier statement of the transaction settled the last open page, the job has none.
      const settled = await transactions.run(async (trx) => {
        await trx.updateTable('crawl_pages').set({ state: 'completed' }).where('job_id', '=', batch.id).execute();
        return jobs.admitNew(trx, job, offered.slice(0, 2), 5);
      });
      expect(settled).toEqual({ queued: 0, openPages: false });
    });

    it('admits more URLs than one statement can carry', async () => {
      const batch = aBatch(randomUUID());
      await insert(batch);
      const urls = Array.from({ length: 10_001 }, (_, index) => ({
        urlKey: `#${index}`,
        url: `http://site.crawl.test/${index}`,
        depth: 0,
      }));

      const admitted = await transactions.run((trx) =>
        jobs.insertPages(trx, { id: batch.id, teamId: batch.teamId }, urls),
      );

      expect(admitted).toBe(10_001);
      expect(await jobs.counts(batch.id)).toEqual({ total: 10_001, completed: 0, failed: 0 });
      expect((await jobs.find(batch.id))?.pagesAdmitted).toBe(10_001);
    });
  });

  describe('counts, documents and failures', () => {
    /** What the counters stand for, counted from the pages themselves. */
    async function countedFromPages(jobId: string): Promise<{ total: number; completed: number; failed: number }> {
      const rows = await database.db
        .selectFrom('crawl_pages')
        .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
        .where('job_id', '=', jobId)
        .groupBy('state')
        .execute();
      const of = (state: string): number => Number(rows.find((row) => row.state === state)?.count ?? 0);
      return {
        total: ['queued', 'dispatched', 'completed', 'failed', 'cancelled'].reduce((sum, state) => sum + of(state), 0),
        completed: of('completed'),
        failed: of('failed'),
      };
    }

    it("keeps a job's page counts (without robots-blocked URLs and redirect duplicates) in every statement that changes a page's state", async () => {
      const row = await aJobRow(crawlJobRow(randomUUID(), { max_concurrency: 100, team_concurrency_limit: 100 }));
      const job = (await jobs.find(row.id))!;
      const page = (index: number, state?: 'blocked' | 'duplicate') => ({
        urlKey: `#${index}`,
        url: `http://site.crawl.test/${index}`,
        depth: 0,
        ...(state ? { state } : {}),
      });
      const expectCounts = async (expected: { total: number; completed: number; failed: number }) => {
        expect(await countedFromPages(row.id)).toEqual(expected);
        expect(await jobs.counts(row.id)).toEqual(expected);
        expect((await jobs.find(row.id))?.pages).toEqual(expected);
      };

      await transactions.run((trx) => jobs.insertPages(trx, job, [page(0), page(1), page(2, 'blocked')]));
      await expectCounts({ total: 2, completed: 0, failed: 0 });
      await transactions.run((trx) =>
        jobs.admitNew(trx, job, [page(3), page(4), page(5), page(6), page(7, 'blocked'), page(0)], 10),
      );
      await expectCounts({ total: 6, completed: 0, failed: 0 });

      const claimed = await transactions.run((trx) => pages.claimForDispatch(trx, job, 5));
      const [first, second, third, fourth, fifth] = claimed.map((each) => each.id);
      await expectCounts({ total: 6, completed: 0, failed: 0 });
      await transactions.run(async (trx) => {
        await pages.completeMany(trx, row.id, [
          { pageId: first ?? '', document: '{}', credits: 1, tokens: 0 },
          { pageId: second ?? '', document: '{}', credits: 1, tokens: 0 },
        ]);
        await pages.fail(trx, third ?? '', { code: ErrorCode.ScrapeTimeout, message: 'timed out' });
        await pages.settle(trx, fourth ?? '', 'duplicate');
        await pages.settle(trx, fifth ?? '', 'cancelled');
      });
      await expectCounts({ total: 5, completed: 2, failed: 1 });
      // A page settled already is not settled, or counted, again.
      await transactions.run(async (trx) => {
        await pages.fail(trx, first ?? '', { code: ErrorCode.ScrapeTimeout, message: 'late' });
        await pages.settle(trx, third ?? '', 'duplicate');
      });
      await expectCounts({ total: 5, completed: 2, failed: 1 });
      await transactions.run((trx) => pages.cancelQueued(trx, row.id));
      await expectCounts({ total: 5, completed: 2, failed: 1 });
      expect(await jobs.counts(randomUUID())).toEqual({ total: 0, completed: 0, failed: 0 });
    });

    it('pages kept documents in the order they were kept, from skip, up to the limit', async () => {
      const job = await aJobRow(crawlJobRow(randomUUID()));
      const ids = await somePages(job, 5);
      for (const index of [2, 0, 4, 1, 3]) await keep(job.id, ids[index] ?? '', `{"page":${index}}`);

      expect(await jobs.documents(job.id, 0, 2, 1_000)).toEqual({
        documents: ['{"page":2}', '{"page":0}'],
        more: true,
      });
      expect(await jobs.documents(job.id, 2, 2, 1_000)).toEqual({
        documents: ['{"page":4}', '{"page":1}'],
        more: true,
      });
      expect(await jobs.documents(job.id, 4, 2, 1_000)).toEqual({ documents: ['{"page":3}'], more: false });
      expect(await jobs.documents(job.id, 0, 5, 1_000)).toEqual({ documents: expect.any(Array), more: false });
      expect(await jobs.documents(job.id, 5, 2, 1_000)).toEqual({ documents: [], more: false });
    });

    it('stops a page of documents at its byte budget, counting bytes rather than characters, but returns at least one', async () => {
      const job = await aJobRow(crawlJobRow(randomUUID()));
      const documents = [`"${'a'.repeat(38)}"`, `"${'é'.repeat(19)}"`, `"${'b'.repeat(98)}"`];
      for (const document of documents) {
        await keep(job.id, await aPage(crawlPageRow(job, { state: 'dispatched' })), document);
      }
      // 40 + 40 bytes (each é is two bytes in UTF-8, though one character), then 100.

      expect(await jobs.documents(job.id, 0, 10, 80)).toEqual({ documents: documents.slice(0, 2), more: true });
      expect(await jobs.documents(job.id, 0, 10, 79)).toEqual({ documents: documents.slice(0, 1), more: true });
      expect(await jobs.documents(job.id, 2, 10, 10)).toEqual({ documents: documents.slice(2), more: false });
      expect(await jobs.documents(job.id, 1, 10, 10)).toEqual({ documents: documents.slice(1, 2), more: true });
    });

    it('leaves out pages that kept no document (zero data retention) and pages not completed', async () => {
      const job = await aJobRow(crawlJobRow(randomUUID()));
      await keep(job.id, await aPage(crawlPageRow(job, { state: 'dispatched' })), null);
      await keep(job.id, await aPage(crawlPageRow(job, { state: 'dispatched' })), '{"kept":true}');
      await aPage(crawlPageRow(job, { state: 'failed', document: '{"stale":true}' }));

      expect(await jobs.documents(job.id, 0, 10, 1_000)).toEqual({ documents: ['{"kept":true}'], more: false });
    });

    it('reads past the 200-row batches it fetches documents in', async () => {
      const job = await aJobRow(crawlJobRow(randomUUID()));
      const ids = await somePages(job, 450);
      await transactions.run((trx) =>
        pages.completeMany(
          trx,
          job.id,
          ids.map((pageId, index) => ({ pageId, document: String(index), credits: 1, tokens: 0 })),
        ),
      );

      const all = await jobs.documents(job.id, 0, 1_000, 1_000_000);
      expect(all.more).toBe(false);
      expect(all.documents.map(Number).sort((a, b) => a - b)).toEqual(ids.map((_, index) => index));
      expect(await jobs.documents(job.id, 0, 450, 1_000_000)).toMatchObject({ more: false });
      expect(await jobs.documents(job.id, 0, 449, 1_000_000)).toMatchObject({ more: true });
      const tail = await jobs.documents(job.id, 401, 300, 1_000_000);
      expect({ returned: tail.documents.length, more: tail.more }).toEqual({ returned: 49, more: false });
    });

    it('lists failed pages with their errors, and robots-blocked URLs, in the order they were queued', async () => {
      const job = await aJobRow(crawlJobRow(randomUUID()));
      const finishedAt = new Date('2026-11-22T10:00:00Z');
      const timedOut = await aPage(
        crawlPageRow(job, {
          url: 'http://site.crawl.test/slow',
          state: 'failed',
          finished_at: finishedAt,
          error: JSON.stringify({ code: ErrorCode.ScrapeTimeout, message: 'Scrape timed out' }),
        }),
      );
      await aPage(crawlPageRow(job, { url: 'http://site.crawl.test/private', state: 'blocked' }));
      await aPage(crawlPageRow(job, { state: 'completed' }));
      const broken = await aPage(
        crawlPageRow(job, { url: 'http://site.crawl.test/broken', state: 'failed', finished_at: finishedAt }),
      );

      expect(await jobs.failures(job.id)).toEqual({
        errors: [
          {
            id: timedOut,
            timestamp: finishedAt.toISOString(),
            url: 'http://site.crawl.test/slow',
            error: 'Scrape timed out',
            code: ErrorCode.ScrapeTimeout,
          },
          { id: broken, timestamp: finishedAt.toISOString(), url: 'http://site.crawl.test/broken', error: 'failed' },
        ],
        robotsBlocked: ['http://site.crawl.test/private'],
      });
    });
  });

  describe('the life of a job', () => {
    it('serialises work on one job: a second locker waits until the first commits', async () => {
      const batch = aBatch(randomUUID());
      await insert(batch);
      const first = heldOpen(transactions, (trx) => jobs.lock(trx, batch.id));
      try {
        await first.worked;
        const second = transactions.run((trx) => jobs.lock(trx, batch.id));
        await eventually(async () => expect(await waitingForLocks(database.db)).toBe(1));
        first.commit();

        expect((await second)?.id).toBe(batch.id);
        expect(await transactions.run((trx) => jobs.lock(trx, randomUUID()))).toBeUndefined();
      } finally {
        first.commit();
      }
    });

    it('tells whether a job still has pages queued or in flight', async () => {
      const job = await aJobRow(crawlJobRow(randomUUID()));
      const open = async (): Promise<boolean> => transactions.run((trx) => jobs.hasOpenPages(trx, job.id));
      await aPage(crawlPageRow(job, { state: 'completed' }));
      await aPage(crawlPageRow(job, { state: 'blocked' }));
      expect(await open()).toBe(false);

      const page = await aPage(crawlPageRow(job, { state: 'dispatched' }));
      expect(await open()).toBe(true);

      await transactions.run((trx) => pages.fail(trx, page, { code: ErrorCode.ScrapeSiteError, message: 'no' }));
      expect(await open()).toBe(false);
    });

    it('ends only a running job, once, and keeps it for the retention from then', async () => {
      const batch = aBatch(randomUUID());
      await insert(batch);

      await transactions.run((trx) => jobs.finish(trx, batch.id, 'completed', 3_600_000));
      const ended = await database.db
        .selectFrom('crawl_jobs')
        .select(['status', 'finished_at', 'expires_at'])
        .where('id', '=', batch.id)
        .executeTakeFirstOrThrow();
      await transactions.run((trx) => jobs.finish(trx, batch.id, 'cancelled', DAY_MS));

      expect(ended.status).toBe('completed');
      expect(ended.expires_at.getTime() - (ended.finished_at?.getTime() ?? 0)).toBeGreaterThanOrEqual(
        3_600_000 - 1_000,
      );
      expect(ended.expires_at.getTime() - (ended.finished_at?.getTime() ?? 0)).toBeLessThanOrEqual(3_600_000 + 1_000);
      expect(
        await database.db
          .selectFrom('crawl_jobs')
          .select(['status', 'finished_at', 'expires_at'])
          .where('id', '=', batch.id)
          .executeTakeFirst(),
      ).toEqual(ended);
    });

    it('hands each unseeded crawl to one of many concurrent seeders, never a batch, and again once its lease ran out', async () => {
      // Crawls other tests left unseeded are taken first, so only this test's crawls remain to be claimed.
      while ((await jobs.claimUnseeded(60_000)) !== undefined) continue;
      const crawls = [aCrawl(randomUUID()), aCrawl(randomUUID()), aCrawl(randomUUID())];
      for (const crawl of crawls) await insert(crawl);
      const unseededBatch = await aJobRow(crawlJobRow(randomUUID(), { kind: 'batch', seeded: false }));

      const claims = await Promise.all(Array.from({ length: 6 }, () => jobs.claimUnseeded(60_000)));

      const claimed = claims.filter((claim) => claim !== undefined).map((claim) => claim.id);
      expect(claimed.sort()).toEqual(crawls.map((crawl) => crawl.id).sort());
      expect(claims.every((claim) => claim === undefined || claim.kind === 'crawl')).toBe(true);
      expect(claimed).not.toContain(unseededBatch.id);
      expect(await jobs.claimUnseeded(60_000)).toBeUndefined();

      const [lapsed, seeded] = crawls;
      await database.db
        .updateTable('crawl_jobs')
        .set({ seed_claimed_until: new Date(Date.now() - 1_000) })
        .where('id', 'in', [lapsed?.id ?? '', seeded?.id ?? ''])
        .execute();
      await transactions.run((trx) => jobs.markSeeded(trx, seeded?.id ?? ''));
      expect((await jobs.claimUnseeded(60_000))?.id).toBe(lapsed?.id);
      expect(await jobs.claimUnseeded(60_000)).toBeUndefined();
    });

    it('lists running seeded jobs whose turn to dispatch has come and that have a queued page and room for it, soonest first', async () => {
      const soon = new Date('2000-01-01T00:00:00Z');
      const [first, second, unseeded, later, ended, nothingQueued, full] = await Promise.all([
        aJobRow(crawlJobRow(randomUUID(), { seeded: true, max_concurrency: 2 })),
        aJobRow(crawlJobRow(randomUUID(), { seeded: true })),
        aJobRow(crawlJobRow(randomUUID(), { seeded: false })),
        aJobRow(crawlJobRow(randomUUID(), { seeded: true })),
        aJobRow(crawlJobRow(randomUUID(), { seeded: true, finished_at: new Date() })),
        aJobRow(crawlJobRow(randomUUID(), { seeded: true })),
        aJobRow(crawlJobRow(randomUUID(), { seeded: true, max_concurrency: 2 })),
      ]);
      for (const row of [first, second, unseeded, later, ended, full])
        await aPage(crawlPageRow(row, { state: 'queued' }));
      await aPage(crawlPageRow(first, { state: 'dispatched' }));
      await aPage(crawlPageRow(nothingQueued, { state: 'dispatched' }));
      for (let page = 0; page < 2; page += 1) await aPage(crawlPageRow(full, { state: 'dispatched' }));
      const due = async (row: CrawlJobRow, at: Date): Promise<void> => {
        await database.db.updateTable('crawl_jobs').set({ next_dispatch_at: at }).where('id', '=', row.id).execute();
      };
      await due(second, new Date(soon.getTime() + 2_000));
      await due(first, new Date(soon.getTime() + 1_000));
      await due(unseeded, soon);
      await due(ended, soon);
      await due(nothingQueued, soon);
      await due(full, soon);
      await database.db.updateTable('crawl_jobs').set({ status: 'completed' }).where('id', '=', ended.id).execute();
      await transactions.run((trx) => jobs.delayNextDispatch(trx, later.id, new Date(Date.now() + 60_000)));

      // Other tests' running jobs are due now; this test's are due since 2000, so they come first.
      expect((await jobs.dispatchable(2)).map((job) => job.id)).toEqual([first.id, second.id]);
      const all = (await jobs.dispatchable(10_000)).map((job) => job.id);
      expect(all).not.toContain(unseeded.id);
      expect(all).not.toContain(ended.id);
      expect(all).not.toContain(later.id);
      expect(all).not.toContain(nothingQueued.id);
      expect(all).not.toContain(full.id);
    });

    it('deletes jobs past their retention with their pages and robots rules, and keeps the rest', async () => {
      const expired = await aJobRow(crawlJobRow(randomUUID(), { expires_at: new Date(Date.now() - 1_000) }));
      const kept = await aJobRow(crawlJobRow(randomUUID()));
      for (const job of [expired, kept]) {
        await aPage(crawlPageRow(job, { state: 'completed', document: '{}' }));
        await database.db
          .insertInto('crawl_robots')
          .values({ job_id: job.id, origin: 'http://site.crawl.test', body: 'User-agent: *' })
          .execute();
      }

      expect(await jobs.deleteExpired()).toBe(1);

      expect(await jobs.find(expired.id)).toBeUndefined();
      expect(
        await database.db.selectFrom('crawl_pages').select('id').where('job_id', '=', expired.id).execute(),
      ).toEqual([]);
      expect(
        await database.db.selectFrom('crawl_robots').select('origin').where('job_id', '=', expired.id).execute(),
      ).toEqual([]);
      expect(await jobs.find(kept.id)).toBeDefined();
      expect(
        await database.db.selectFrom('crawl_pages').select('id').where('job_id', '=', kept.id).execute(),
      ).toHaveLength(1);
    });
  });
});
