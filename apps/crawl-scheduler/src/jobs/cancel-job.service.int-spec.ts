import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@wh/contracts';
import type { JetStreamPublisher } from '@wh/platform/messaging';
import {
  crawlJobRow,
  type CrawlJobRow,
  crawlPageRow,
  type CrawlPageRow,
  type CrawlPageState,
  resolvedCrawlOptions,
  testDatabase,
} from '@wh/testing';
import type { CrawlDatabase } from '../database/crawl-database';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { CrawlPagesRepository } from '../database/crawl-pages.repository';
import { Transactions } from '../database/transactions';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { WebhookNotifier } from '../webhooks/webhook-notifier';
import { CancelJobService } from './cancel-job.service';

const RETENTION_MS = 3_600_000;

describe('CancelJobService over the real repositories', () => {
  const database = testDatabase<CrawlDatabase>();
  let cancel: CancelJobService;
  let jobs: CrawlJobsRepository;
  /** Messages the notifier published: the delivery commands of recorded webhook events. */
  const published: Array<{ subject: string; payload: unknown; msgId: string }> = [];

  beforeAll(() => {
    jobs = new CrawlJobsRepository(database.db);
    const publisher = {
      publish: async (subject: string, payload: unknown, options: { msgId: string }) =>
        void published.push({ subject, payload, msgId: options.msgId }),
    } as unknown as JetStreamPublisher;
    const notifier = new WebhookNotifier(new WebhookDeliveriesRepository(database.db), publisher, (json) => json);
    cancel = new CancelJobService(
      new Transactions(database.db),
      jobs,
      new CrawlPagesRepository(database.db),
      notifier,
      RETENTION_MS,
    );
  });

  async function aJob(overrides: Partial<CrawlJobRow> = {}): Promise<CrawlJobRow> {
    const row = crawlJobRow(randomUUID(), { seeded: true, ...overrides });
    await database.db.insertInto('crawl_jobs').values(row).execute();
    return row;
  }

  async function pagesIn(row: CrawlJobRow, states: readonly CrawlPageState[]): Promise<string[]> {
    const values: CrawlPageRow[] = states.map((state) => crawlPageRow(row, { state }));
    const inserted = await database.db.insertInto('crawl_pages').values(values).returning(['id', 'seq']).execute();
    return inserted.sort((a, b) => Number(a.seq) - Number(b.seq)).map((page) => page.id);
  }

  async function statesOf(jobId: string): Promise<string[]> {
    const rows = await database.db
      .selectFrom('crawl_pages')
      .select('state')
      .where('job_id', '=', jobId)
      .orderBy('seq')
      .execute();
    return rows.map((row) => row.state);
  }

  async function statusOf(jobId: string): Promise<string | undefined> {
    return (await jobs.find(jobId))?.status;
  }

  it("cancels the team's running job: drops its queued pages, leaves those in flight and done, and ends it for the retention", async () => {
    const row = await aJob();
    await pagesIn(row, ['completed', 'dispatched', 'queued', 'queued']);

    expect(await cancel.execute({ teamId: row.team_id, kind: 'batch', jobId: row.id })).toEqual({
      status: 'cancelled',
    });

    expect(await statesOf(row.id)).toEqual(['completed', 'dispatched', 'cancelled', 'cancelled']);
    const ended = await database.db
      .selectFrom('crawl_jobs')
      .select(['status', 'expires_at'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(ended.status).toBe('cancelled');
    expect(Math.abs(ended.expires_at.getTime() - (Date.now() + RETENTION_MS))).toBeLessThan(10_000);
  });

  it("never cancels another team's job, nor a job asked for as the other kind: not found, and it runs on", async () => {
    const row = await aJob();
    await pagesIn(row, ['queued']);

    await expect(cancel.execute({ teamId: randomUUID(), kind: 'batch', jobId: row.id })).rejects.toMatchObject({
      code: ErrorCode.NotFound,
      message: 'Batch scrape job not found',
    });
    await expect(cancel.execute({ teamId: row.team_id, kind: 'crawl', jobId: row.id })).rejects.toMatchObject({
      code: ErrorCode.NotFound,
      message: 'Crawl job not found',
    });

    expect(await statusOf(row.id)).toBe('scraping');
    expect(await statesOf(row.id)).toEqual(['queued']);
  });

  it('answers how an ended job ended and changes nothing', async () => {
    const row = await aJob();
    await pagesIn(row, ['completed']);
    await database.db.updateTable('crawl_jobs').set({ status: 'completed' }).where('id', '=', row.id).execute();

    expect(await cancel.execute({ teamId: row.team_id, kind: 'batch', jobId: row.id })).toEqual({
      status: 'completed',
    });
    expect(await statusOf(row.id)).toBe('completed');
  });

  it('records and queues one failed event for the webhook, however many cancels arrive at once', async () => {
    const webhook = { url: 'http://hooks.test/crawl', headers: {}, metadata: { run: 1 }, events: ['failed'] };
    const row = await aJob({
      kind: 'crawl',
      crawl_options: JSON.stringify(resolvedCrawlOptions()),
      webhook: JSON.stringify(webhook),
    });
    await pagesIn(row, ['queued', 'queued']);

    const replies = await Promise.all(
      [1, 2, 3].map(() => cancel.execute({ teamId: row.team_id, kind: 'crawl', jobId: row.id })),
    );

    expect(replies).toEqual([{ status: 'cancelled' }, { status: 'cancelled' }, { status: 'cancelled' }]);
    const deliveries = await database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('job_id', '=', row.id)
      .execute();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      team_id: row.team_id,
      event_type: 'crawl.failed',
      url: webhook.url,
      status: 'queued',
    });
    expect(JSON.parse(deliveries[0]?.body ?? '{}')).toEqual({
      success: false,
      type: 'crawl.failed',
      id: row.id,
      sequence: 1,
      pageEvents: 0,
      data: [],
      metadata: { run: 1 },
      error: 'Job cancelled',
    });
    expect(published.filter((message) => message.msgId === `webhook:${deliveries[0]?.id}`)).toEqual([
      {
        subject: 'crawl.webhook.deliver',
        payload: { deliveryId: deliveries[0]?.id, teamId: row.team_id },
        msgId: `webhook:${deliveries[0]?.id}`,
      },
    ]);
  });
});
