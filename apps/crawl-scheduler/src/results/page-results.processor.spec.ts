import { ErrorCode, type ScrapeDocument, type ScrapeJobFinishedEvent } from '@wh/contracts';
import { resolvedScrapeOptions } from '@wh/testing';
import type { UsageBiller } from '../billing/usage-biller';
import { UsageChargesListener } from '../billing/usage-charges.listener';
import type { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import type { CrawlPageRow, CrawlPagesRepository } from '../database/crawl-pages.repository';
import type { Transactions } from '../database/transactions';
import { NextPagesListener } from '../dispatch/next-pages.listener';
import type { PageDispatcher } from '../dispatch/page-dispatcher';
import { CrawlFrontier } from '../frontier/crawl-frontier';
import type { RobotsCache } from '../frontier/robots-cache';
import type { BatchScrape } from '../jobs/job';
import type { FinishedStatus, JobFinisher } from '../jobs/job-finisher';
import { WebhookEventsListener } from '../webhooks/webhook-events.listener';
import type { WebhookNotifier } from '../webhooks/webhook-notifier';
import { JobResultsKeeper } from './job-results-keeper';
import { PageResultsProcessor } from './page-results.processor';
import { ResultLoader } from './result-loader';

const TEAM = 'team-1';
const JOB_ID = '10000000-0000-4000-8000-000000000000';

function job(overrides: Partial<BatchScrape> = {}): BatchScrape {
  return {
    id: JOB_ID,
    teamId: TEAM,
    apiKeyId: null,
    kind: 'batch',
    status: 'scraping',
    url: 'https://example.com/',
    scrapeOptions: resolvedScrapeOptions(),
    webhook: null,
    maxConcurrency: 4,
    teamConcurrencyLimit: 4,
    delayMs: 0,
    zeroDataRetention: false,
    seeded: true,
    creditsUsed: 0,
    pagesAdmitted: 3,
    pages: { total: 3, completed: 0, failed: 0 },
    nextDispatchAt: new Date(0),
    expiresAt: new Date(Date.now() + 60_000),
    ...overrides,
  };
}

function page(id: string, overrides: Partial<CrawlPageRow> = {}): CrawlPageRow {
  return {
    id,
    job_id: JOB_ID,
    team_id: TEAM,
    seq: '1',
    result_seq: null,
    url_key: `https://example.com/${id}`,
    url: `https://example.com/${id}`,
    depth: 0,
    state: 'dispatched',
    attempts: 1,
    dispatched_at: new Date(),
    finished_at: null,
    document: null,
    document_bytes: 0,
    error: null,
    credits: 0,
    tokens: 0,
    hidden: false,
    ...overrides,
  };
}

type CompletedPageLike = { pageId: string; document: string | null };

function documentOf(pageId: string): ScrapeDocument {
  return {
    markdown: `# ${pageId}`,
    metadata: { sourceURL: pageId, url: `https://example.com/${pageId}`, statusCode: 200 },
  };
}

/** A result as the worker sends a scheduled page: the document as JSON text, its URL beside it. */
function completed(pageId: string, credits = 1): ScrapeJobFinishedEvent {
  return {
    jobId: pageId,
    teamId: TEAM,
    status: 'completed',
    credits,
    documentJson: JSON.stringify(documentOf(pageId)),
    pageUrl: `https://example.com/${pageId}`,
  };
}

function setUp(rows: { job: BatchScrape; pages: CrawlPageRow[] }, finished?: FinishedStatus) {
  const trx = {};
  const jobs = {
    findMany: jest.fn(async () => [rows.job]),
    transaction: jest.fn(async (work: (trx: unknown) => Promise<unknown>) => work(trx)),
    lock: jest.fn(async () => rows.job),
    insertPages: jest.fn(async () => 0),
  };
  const pages = {
    findForResults: jest.fn(async (ids: readonly string[]) => rows.pages.filter((row) => ids.includes(row.id))),
    lockMany: jest.fn(async (_trx: unknown, ids: readonly string[]) =>
      rows.pages.filter((row) => ids.includes(row.id)),
    ),
    completeMany: jest.fn(async () => undefined),
    settle: jest.fn(async () => undefined),
    fail: jest.fn(async () => undefined),
    findByKey: jest.fn(async () => undefined),
  };
  const finisher = { finishIfDone: jest.fn(async () => finished) };
  // Deliveries are recorded only for a job with a webhook; their ids name what they report.
  const notifier = {
    record: jest.fn(async (_trx: unknown, _job: unknown, kind: string, documentsJson: string[]) =>
      rows.job.webhook
        ? `${kind} ${(JSON.parse(documentsJson[0] ?? '{}') as { markdown?: string }).markdown ?? ''}`
        : undefined,
    ),
    recordFinished: jest.fn(async (_trx: unknown, _job: unknown, status: string) =>
      rows.job.webhook ? status : undefined,
    ),
    queue: jest.fn(async () => undefined),
  };
  const claimedNext = [{ id: 'next', url: 'https://example.com/next', attempts: 1 }];
  const dispatcher = { claimWithin: jest.fn(async () => claimedNext), publish: jest.fn(async () => undefined) };
  const biller = { bill: jest.fn(async () => undefined) };
  // The results stage as the root module wires it, over mocked repositories and publishers.
  const jobsRepository = jobs as unknown as CrawlJobsRepository;
  const pagesRepository = pages as unknown as CrawlPagesRepository;
  const frontier = new CrawlFrontier(jobsRepository, pagesRepository, {} as RobotsCache);
  const processor = new PageResultsProcessor(
    new ResultLoader(jobsRepository, pagesRepository, frontier),
    new JobResultsKeeper(jobsRepository, pagesRepository, frontier, finisher as unknown as JobFinisher),
    // The processor's transactions, counted as `jobs.transaction`.
    { run: jobs.transaction } as unknown as Transactions,
    [
      new UsageChargesListener(biller as unknown as UsageBiller),
      new WebhookEventsListener(notifier as unknown as WebhookNotifier),
      new NextPagesListener(dispatcher as unknown as PageDispatcher),
    ],
  );
  return { processor, jobs, pages, finisher, notifier, dispatcher, biller, claimedNext };
}

describe('PageResultsProcessor', () => {
  it('keeps a batch of one job in one transaction: one lock, one statement for the documents, one bill, one dispatch', async () => {
    const { processor, jobs, pages, finisher, dispatcher, biller, claimedNext } = setUp({
      job: job(),
      pages: [page('a'), page('b')],
    });
    await processor.process([completed('a', 1), completed('b', 5)]);

    expect(jobs.transaction).toHaveBeenCalledTimes(1);
    expect(jobs.lock).toHaveBeenCalledTimes(1);
    expect(pages.completeMany).toHaveBeenCalledTimes(1);
    const [[, jobId, kept]] = pages.completeMany.mock.calls as unknown as [
      [unknown, string, { pageId: string; credits: number; document: string }[]],
    ];
    expect(jobId).toBe(JOB_ID);
    expect(kept.map((entry) => [entry.pageId, entry.credits]).sort()).toEqual([
      ['a', 1],
      ['b', 5],
    ]);
    expect(JSON.parse(kept[0]?.document ?? 'null')).toMatchObject({ markdown: expect.stringMatching(/^# [ab]$/) });
    expect(biller.bill).toHaveBeenCalledTimes(1);
    expect(biller.bill.mock.calls[0]).toEqual([
      expect.arrayContaining([
        expect.objectContaining({ pageId: 'a', credits: 1 }),
        expect.objectContaining({ pageId: 'b', credits: 5 }),
      ]),
    ]);
    expect(finisher.finishIfDone).toHaveBeenCalledTimes(1);
    expect(dispatcher.claimWithin).toHaveBeenCalledTimes(1);
    expect(dispatcher.publish).toHaveBeenCalledWith(expect.objectContaining({ id: JOB_ID }), claimedNext);
  });

  it('stores the text the worker sent as it came, and a result sent as an object as its serialisation', async () => {
    const { processor, pages } = setUp({ job: job(), pages: [page('a'), page('b')] });
    // Spacing no serialiser here would write: the text must reach Postgres untouched.
    const text = ` {"markdown": "# a", "metadata": {"url": "https://example.com/a"}}`.trim();
    const legacy: ScrapeJobFinishedEvent = { jobId: 'b', teamId: TEAM, status: 'completed', document: documentOf('b') };
    await processor.process([{ ...completed('a'), documentJson: text }, legacy]);

    const [[, , kept]] = pages.completeMany.mock.calls as unknown as [[unknown, string, CompletedPageLike[]]];
    expect(Object.fromEntries(kept.map((entry) => [entry.pageId, entry.document]))).toEqual({
      a: text,
      b: JSON.stringify(documentOf('b')),
    });
  });

  it('fails a completed result whose document text is not a JSON object instead of storing it', async () => {
    const { processor, pages } = setUp({ job: job(), pages: [page('a'), page('b')] });
    const { pageUrl: _pageUrl, ...withoutUrl } = completed('b');
    await processor.process([
      { ...completed('a'), documentJson: '"just a string"' },
      { ...withoutUrl, documentJson: '{not json}' },
    ]);

    expect(pages.completeMany).toHaveBeenCalledWith(expect.anything(), JOB_ID, []);
    for (const pageId of ['a', 'b'])
      expect(pages.fail).toHaveBeenCalledWith(
        expect.anything(),
        pageId,
        expect.objectContaining({ code: ErrorCode.Internal }),
      );
  });

  it('reads the URL from the text of a result that came without pageUrl', async () => {
    const { processor, pages } = setUp({ job: job(), pages: [page('a')] });
    const { pageUrl: _pageUrl, ...withoutUrl } = completed('a');
    await processor.process([withoutUrl]);

    expect(pages.completeMany).toHaveBeenCalledWith(expect.anything(), JOB_ID, [
      expect.objectContaining({ pageId: 'a', document: withoutUrl.documentJson }),
    ]);
  });

  it("reads a job's settings for its first batch only, and its state under the lock in every batch", async () => {
    const { processor, jobs } = setUp({ job: job(), pages: [page('a'), page('b')] });
    await processor.process([completed('a')]);
    await processor.process([completed('b')]);

    // Asked for no job the second time, which the repository answers without a query.
    expect(jobs.findMany.mock.calls).toEqual([[[JOB_ID]], [[]]]);
    expect(jobs.lock).toHaveBeenCalledTimes(2);
  });

  it('keeps a page once when its redelivered result shares the batch with the first delivery', async () => {
    const { processor, pages, biller } = setUp({ job: job(), pages: [page('a')] });
    await processor.process([completed('a'), completed('a')]);

    expect(pages.completeMany).toHaveBeenCalledWith(expect.anything(), JOB_ID, [
      expect.objectContaining({ pageId: 'a' }),
    ]);
    expect(biller.bill).toHaveBeenCalledWith([expect.objectContaining({ pageId: 'a' })]);
  });

  it('re-sends the charge of a page already kept and keeps nothing again', async () => {
    const { processor, pages, biller } = setUp({ job: job(), pages: [page('a', { state: 'completed', credits: 3 })] });
    await processor.process([completed('a', 1)]);

    expect(pages.completeMany).toHaveBeenCalledWith(expect.anything(), JOB_ID, []);
    expect(biller.bill).toHaveBeenCalledWith([expect.objectContaining({ pageId: 'a', credits: 3 })]);
  });

  it('settles the pages of a cancelled job as cancelled and bills nothing', async () => {
    const { processor, pages, biller } = setUp({ job: job({ status: 'cancelled' }), pages: [page('a')] });
    await processor.process([completed('a')]);

    expect(pages.settle).toHaveBeenCalledWith(expect.anything(), 'a', 'cancelled');
    expect(biller.bill).toHaveBeenCalledWith([]);
  });

  it('ignores a result whose team is not the page owner', async () => {
    const { processor, jobs, pages } = setUp({ job: job(), pages: [page('a')] });
    await processor.process([{ ...completed('a'), teamId: 'someone-else' }]);

    expect(jobs.lock).not.toHaveBeenCalled();
    expect(pages.completeMany).not.toHaveBeenCalled();
  });

  it('records the page events and the end of the job the batch finished inside its transaction, and queues them in that order after it', async () => {
    const webhook = {
      url: 'https://hooks.example/',
      headers: {},
      metadata: {},
      events: ['page' as const, 'completed' as const],
    };
    const { processor, jobs, notifier } = setUp({ job: job({ webhook }), pages: [page('a'), page('b')] }, 'completed');
    let committed = false;
    jobs.transaction.mockImplementationOnce(async (work: (trx: unknown) => Promise<unknown>) => {
      const result = await work({});
      committed = true;
      return result;
    });
    notifier.queue.mockImplementationOnce(async () => {
      expect(committed).toBe(true);
    });

    await processor.process([completed('a'), completed('b')]);

    expect(notifier.recordFinished).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ id: JOB_ID }),
      'completed',
    );
    expect(notifier.queue).toHaveBeenCalledTimes(1);
    expect(notifier.queue).toHaveBeenCalledWith([
      { id: 'page # a', teamId: TEAM },
      { id: 'page # b', teamId: TEAM },
      { id: 'completed', teamId: TEAM },
    ]);
  });

  it('publishes the pages it claimed when the charge publish fails, and still fails the batch for redelivery', async () => {
    const { processor, biller, dispatcher, claimedNext } = setUp({ job: job(), pages: [page('a')] });
    const unavailable = new Error('publish to billing.usage-batch.recorded failed: 503');
    biller.bill.mockRejectedValueOnce(unavailable);

    await expect(processor.process([completed('a')])).rejects.toBe(unavailable);
    expect(dispatcher.publish).toHaveBeenCalledWith(expect.objectContaining({ id: JOB_ID }), claimedNext);
  });
});
