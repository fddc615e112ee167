import { randomUUID } from 'node:crypto';
import type { Logger } from '@wh/platform/logging';
import type { JetStreamPublisher } from '@wh/platform/messaging';
import {
  crawlJobRow,
  type CrawlJobRow,
  crawlPageRow,
  type CrawlPageState,
  resolvedCrawlOptions,
  testDatabase,
} from '@wh/testing';
import type { CrawlDatabase } from '../database/crawl-database';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { Transactions } from '../database/transactions';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { WebhookNotifier } from '../webhooks/webhook-notifier';
import type { CreditReservations } from './credit-reservations';
import { OUT_OF_CREDITS_ERROR, OutOfCreditsStopper } from './out-of-credits-stopper';
import { OutOfCreditsRepository } from './out-of-credits.repository';

describe('OutOfCreditsStopper over the real repositories', () => {
  const database = testDatabase<CrawlDatabase>();
  let stopper: OutOfCreditsStopper;
  const released: string[][] = [];
  const published: Array<{ payload: unknown }> = [];

  beforeAll(() => {
    const publisher = {
      publish: async (_subject: string, payload: unknown) => void published.push({ payload }),
    } as unknown as JetStreamPublisher;
    stopper = new OutOfCreditsStopper(
      new Transactions(database.db),
      new CrawlJobsRepository(database.db),
      new OutOfCreditsRepository(database.db),
      new WebhookNotifier(new WebhookDeliveriesRepository(database.db), publisher, (json) => json),
      { release: async (jobIds: readonly string[]) => void released.push([...jobIds]) } as CreditReservations,
      3_600_000,
      { info: () => undefined } as unknown as Logger,
    );
  });

  async function aJob(teamId: string, overrides: Partial<CrawlJobRow> = {}): Promise<CrawlJobRow> {
    const row = crawlJobRow(teamId, { seeded: true, ...overrides });
    await database.db.insertInto('crawl_jobs').values(row).execute();
    return row;
  }

  /** Pages in these states, counted on their job as the statements that settle pages count them. */
  async function withPages(row: CrawlJobRow, states: readonly CrawlPageState[]): Promise<void> {
    await database.db
      .insertInto('crawl_pages')
      .values(states.map((state) => crawlPageRow(row, { state })))
      .execute();
    const count = (...counted: CrawlPageState[]) => states.filter((state) => counted.includes(state)).length;
    await database.db
      .updateTable('crawl_jobs')
      .set({
        pages_total: count('queued', 'dispatched', 'completed', 'failed', 'cancelled'),
        pages_completed: count('completed'),
        pages_failed: count('failed'),
      })
      .where('id', '=', row.id)
      .execute();
  }

  async function pagesOf(jobId: string): Promise<Array<{ state: string; code: string | undefined }>> {
    const rows = await database.db
      .selectFrom('crawl_pages')
      .select(['state', 'error'])
      .where('job_id', '=', jobId)
      .orderBy('seq')
      .execute();
    return rows.map((row) => ({ state: row.state, code: row.error?.code }));
  }

  async function statusOf(jobId: string): Promise<string | undefined> {
    const row = await database.db.selectFrom('crawl_jobs').select('status').where('id', '=', jobId).executeTakeFirst();
    return row?.status;
  }

  it('ends every running job of the team with what it kept, fails its queued pages and releases its reservation', async () => {
    const teamId = randomUUID();
    const webhook = JSON.stringify({ url: 'http://hooks.test/', headers: {}, events: ['completed', 'failed'] });
    const crawl = await aJob(teamId, {
      kind: 'crawl',
      crawl_options: JSON.stringify(resolvedCrawlOptions()),
      webhook,
    });
    await withPages(crawl, ['completed', 'completed', 'dispatched', 'queued', 'queued']);
    const nothingKept = await aJob(teamId);
    await withPages(nothingKept, ['queued']);
    const ended = await aJob(teamId);
    await database.db.updateTable('crawl_jobs').set({ status: 'cancelled' }).where('id', '=', ended.id).execute();
    const otherTeam = await aJob(randomUUID());
    await withPages(otherTeam, ['queued']);

    const stopped = await stopper.stopTeam(teamId);

    expect(stopped.sort()).toEqual([crawl.id, nothingKept.id].sort());
    expect(await statusOf(crawl.id)).toBe('completed');
    expect(await pagesOf(crawl.id)).toEqual([
      { state: 'completed', code: undefined },
      { state: 'completed', code: undefined },
      // In flight: dropped when its result comes (the job no longer scrapes).
      { state: 'dispatched', code: undefined },
      { state: 'failed', code: OUT_OF_CREDITS_ERROR.code },
      { state: 'failed', code: OUT_OF_CREDITS_ERROR.code },
    ]);
    expect(await statusOf(nothingKept.id)).toBe('failed');
    expect(await statusOf(ended.id)).toBe('cancelled');
    expect(await statusOf(otherTeam.id)).toBe('scraping');
    expect(released.at(-1)?.sort()).toEqual([crawl.id, nothingKept.id].sort());
    // The crawl's completed event is recorded and queued (the batch has no webhook).
    const events = await database.db
      .selectFrom('webhook_deliveries')
      .select(['job_id', 'event_type'])
      .where('job_id', 'in', [crawl.id, nothingKept.id])
      .execute();
    expect(events).toEqual([{ job_id: crawl.id, event_type: 'crawl.completed' }]);
    expect(published).toHaveLength(1);
  });

  it('leaves a job that is already stopped alone when another replica hears the same announcement', async () => {
    const teamId = randomUUID();
    const job = await aJob(teamId);
    await withPages(job, ['completed', 'queued']);

    const [first, second] = await Promise.all([stopper.stopTeam(teamId), stopper.stopTeam(teamId)]);

    expect([...first, ...second]).toEqual([job.id]);
    expect(await statusOf(job.id)).toBe('completed');
  });
});
