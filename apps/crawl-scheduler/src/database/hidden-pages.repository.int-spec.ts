import { randomUUID } from 'node:crypto';
import { crawlJobRow, type CrawlJobRow, crawlPageRow, type CrawlPageState, testDatabase } from '@wh/testing';
import type { CrawlDatabase } from './crawl-database';
import { HiddenPagesRepository } from './hidden-pages.repository';
import { Transactions } from './transactions';

describe('HiddenPagesRepository', () => {
  const database = testDatabase<CrawlDatabase>();
  const hidden = new HiddenPagesRepository();
  let transactions: Transactions;

  beforeAll(() => {
    transactions = new Transactions(database.db);
  });

  const SITE = 'http://site.crawl.test/';

  async function aCrawl(teamId: string, createdAt: string, overrides: Partial<CrawlJobRow> = {}): Promise<CrawlJobRow> {
    const row = crawlJobRow(teamId, { kind: 'crawl', url: SITE, seeded: true, ...overrides });
    await database.db
      .insertInto('crawl_jobs')
      .values({ ...row, created_at: new Date(createdAt) })
      .execute();
    return row;
  }

  async function withPages(job: CrawlJobRow, paths: string[], state: CrawlPageState = 'completed'): Promise<void> {
    await database.db
      .insertInto('crawl_pages')
      .values(paths.map((path) => crawlPageRow(job, { url: `${SITE}${path}`, url_key: `${SITE}${path}`, state })))
      .execute();
  }

  async function hiddenUrls(job: CrawlJobRow): Promise<string[]> {
    const rows = await database.db
      .selectFrom('crawl_pages')
      .select(['url', 'state'])
      .where('job_id', '=', job.id)
      .where('hidden', '=', true)
      .orderBy('url')
      .execute();
    expect(rows.every((row) => row.state === 'queued')).toBe(true);
    return rows.map((row) => row.url);
  }

  it("queues, as hidden, the pages the team's previous crawl of the site kept and this one does not have", async () => {
    const team = randomUUID();
    const older = await aCrawl(team, '2026-11-20T10:00:00Z', { status: 'completed' } as Partial<CrawlJobRow>);
    await withPages(older, ['gone-long-ago']);
    const previous = await aCrawl(team, '2026-11-21T10:00:00Z', { status: 'completed' } as Partial<CrawlJobRow>);
    await withPages(previous, ['', 'a', 'b', 'orphan']);
    await withPages(previous, ['failed-then'], 'failed');
    const current = await aCrawl(team, '2026-11-22T10:00:00Z');
    await withPages(current, ['', 'a', 'b']);

    const queued = await transactions.run((trx) =>
      hidden.queueMissing(trx, { id: current.id, teamId: team, url: SITE }, 100),
    );

    expect(queued).toBe(1);
    expect(await hiddenUrls(current)).toEqual([`${SITE}orphan`]);
  });

  it("never reads another team's crawl, a zero-data-retention crawl, an unfinished one or a later one", async () => {
    const team = randomUUID();
    const otherTeams = await aCrawl(randomUUID(), '2026-11-21T09:00:00Z', {
      status: 'completed',
    } as Partial<CrawlJobRow>);
    await withPages(otherTeams, ['theirs']);
    const private_ = await aCrawl(team, '2026-11-21T10:00:00Z', {
      status: 'completed',
      zero_data_retention: true,
    } as Partial<CrawlJobRow>);
    await withPages(private_, ['private']);
    const running = await aCrawl(team, '2026-11-21T11:00:00Z');
    await withPages(running, ['running']);
    const current = await aCrawl(team, '2026-11-22T10:00:00Z');
    const later = await aCrawl(team, '2026-11-23T10:00:00Z', { status: 'completed' } as Partial<CrawlJobRow>);
    await withPages(later, ['from-the-future']);

    const queued = await transactions.run((trx) =>
      hidden.queueMissing(trx, { id: current.id, teamId: team, url: SITE }, 100),
    );
    expect(queued).toBe(0);
  });

  it('queues at most the given number, and claims the work once', async () => {
    const team = randomUUID();
    const previous = await aCrawl(team, '2026-11-21T10:00:00Z', { status: 'completed' } as Partial<CrawlJobRow>);
    await withPages(previous, ['p1', 'p2', 'p3', 'p4']);
    const current = await aCrawl(team, '2026-11-22T10:00:00Z');

    expect(await transactions.run((trx) => hidden.claim(trx, current.id))).toBe(true);
    expect(await transactions.run((trx) => hidden.claim(trx, current.id))).toBe(false);
    expect(
      await transactions.run((trx) => hidden.queueMissing(trx, { id: current.id, teamId: team, url: SITE }, 2)),
    ).toBe(2);
    expect(await hiddenUrls(current)).toHaveLength(2);
  });
});
