import { randomUUID } from 'node:crypto';
import {
  type ConsumerDefinition,
  Consumers,
  ErrorCode,
  type ScrapeJobCommand,
  type ScrapeJobFinishedEvent,
  Subjects,
  type UsageRecordedEvent,
  type WebhookDeliveryCommand,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { createLogger } from '@wh/platform/logging';
import { ScrapeClient } from '@wh/scrape-client';
import {
  crawlJobRow,
  type CrawlJobRow,
  crawlPageRow,
  eventually,
  resolvedCrawlOptions,
  testDatabase,
  testNats,
  withFastRedelivery,
} from '@wh/testing';
import { UsageBiller } from '../billing/usage-biller';
import { UsageChargesListener } from '../billing/usage-charges.listener';
import type { CrawlDatabase } from '../database/crawl-database';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { CrawlPagesRepository } from '../database/crawl-pages.repository';
import { Transactions } from '../database/transactions';
import { NextPagesListener } from '../dispatch/next-pages.listener';
import { PageDispatcher } from '../dispatch/page-dispatcher';
import { CrawlFrontier } from '../frontier/crawl-frontier';
import { RobotsCache } from '../frontier/robots-cache';
import { RobotsRulesRepository } from '../frontier/robots-rules.repository';
import { JobFinisher } from '../jobs/job-finisher';
import { HiddenPages } from '../jobs/hidden-pages';
import { HiddenPagesRepository } from '../database/hidden-pages.repository';
import type { ResourceFetcher } from '../resources/resource-fetcher';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { WebhookEventsListener } from '../webhooks/webhook-events.listener';
import { WebhookNotifier } from '../webhooks/webhook-notifier';
import { JobResultsKeeper } from './job-results-keeper';
import { PageResultHandler } from './page-result.handler';
import { PageResultsProcessor } from './page-results.processor';
import { ResultLoader } from './result-loader';

const ORIGIN = 'http://site.crawl.test';

describe('PageResultHandler behind the crawl-scheduler-results consumer, on a real JetStream and Postgres', () => {
  const database = testDatabase<CrawlDatabase>();
  const nats = testNats();
  let dispatcher: PageDispatcher;
  /** Deliveries of each page's result; results of pages in `crashAfterCommit` fail once after they were kept. */
  const deliveries = new Map<string, number>();
  const crashAfterCommit = new Set<string>();
  /** What the after-commit steps published, read back from their streams by consumers standing in for their readers. */
  const charges: UsageRecordedEvent[] = [];
  const scrapeCommands: ScrapeJobCommand[] = [];
  const webhookCommands: WebhookDeliveryCommand[] = [];

  beforeAll(async () => {
    const { db } = database;
    const logger = createLogger('integration-test', 'silent');
    const jobs = new CrawlJobsRepository(db);
    const pages = new CrawlPagesRepository(db);
    const transactions = new Transactions(db);
    // robots.txt comes from the rows the tests store; a fetch would mean a test forgot one.
    const fetcher = {
      fetch: async (url: string) => {
        throw new Error(`no robots.txt stored for ${url}`);
      },
    } as unknown as ResourceFetcher;
    const frontier = new CrawlFrontier(jobs, pages, new RobotsCache(new RobotsRulesRepository(db), fetcher));
    dispatcher = new PageDispatcher(transactions, jobs, pages, new ScrapeClient(nats.client, nats.publisher), logger);
    const processor = new PageResultsProcessor(
      new ResultLoader(jobs, pages, frontier),
      new JobResultsKeeper(
        jobs,
        pages,
        frontier,
        new JobFinisher(jobs, 3_600_000, new HiddenPages(new HiddenPagesRepository())),
      ),
      transactions,
      [
        new UsageChargesListener(new UsageBiller(nats.publisher, logger)),
        new WebhookEventsListener(
          new WebhookNotifier(new WebhookDeliveriesRepository(db), nats.publisher, (json) => json),
        ),
        new NextPagesListener(dispatcher),
      ],
    );
    const handler = new PageResultHandler(processor);

    await nats.consume({
      definition: Consumers.billingUsageBatches,
      handler: async (batch) => void charges.push(...batch.charges),
    });
    await nats.consume({
      definition: Consumers.scrapeWorkerJobs,
      handler: async (command) => void scrapeCommands.push(command),
    });
    await nats.consume({
      definition: Consumers.crawlSchedulerWebhooks,
      handler: async (command) => void webhookCommands.push(command),
    });
    await nats.consume({
      definition: withFastRedelivery(Consumers.crawlSchedulerResults),
      concurrency: 8,
      handler: async (event) => {
        deliveries.set(event.jobId, (deliveries.get(event.jobId) ?? 0) + 1);
        await handler.handle(event);
        if (crashAfterCommit.delete(event.jobId)) {
          // As if the process died between the commit and the ack: the result comes back.
          throw new DomainError(ErrorCode.ServiceUnavailable, 'lost before the ack', undefined, true);
        }
      },
    });
  });

  async function aJob(overrides: Partial<CrawlJobRow> = {}): Promise<CrawlJobRow> {
    const row = crawlJobRow(randomUUID(), { seeded: true, ...overrides });
    await database.db.insertInto('crawl_jobs').values(row).execute();
    return row;
  }

  /** `count` queued pages of the job, in queue order. */
  async function queuedPages(row: CrawlJobRow, count: number): Promise<string[]> {
    const inserted = await database.db
      .insertInto('crawl_pages')
      .values(
        Array.from({ length: count }, (_, index) =>
          crawlPageRow(row, { url: `${ORIGIN}/page-${index}`, url_key: `#${index}` }),
        ),
      )
      .returning(['id', 'seq'])
      .execute();
    return inserted.sort((a, b) => Number(a.seq) - Number(b.seq)).map((page) => page.id);
  }

  function completed(
    row: CrawlJobRow,
    pageId: string,
    overrides: Partial<ScrapeJobFinishedEvent> = {},
  ): ScrapeJobFinishedEvent {
    const url = `${ORIGIN}/${pageId}`;
    return {
      jobId: pageId,
      teamId: row.team_id,
      status: 'completed',
      credits: 1,
      // As the worker sends a scheduled page: the document's text, and its URL beside it.
      documentJson: JSON.stringify({ markdown: `# ${pageId}`, metadata: { url, sourceURL: url, statusCode: 200 } }),
      pageUrl: url,
      ...overrides,
    };
  }

  function failed(row: CrawlJobRow, pageId: string): ScrapeJobFinishedEvent {
    return {
      jobId: pageId,
      teamId: row.team_id,
      status: 'failed',
      error: { code: ErrorCode.ScrapeTimeout, message: 'Scrape timed out' },
    };
  }

  /** Publishes a result as a scrape-worker does; another `copy` is a second message of the same result. */
  async function publish(event: ScrapeJobFinishedEvent, copy = 'finished'): Promise<void> {
    await nats.publisher.publish(Subjects.scrapeJobFinished, event, {
      msgId: `${event.jobId}:${copy}`,
      subjectSuffix: `scheduled.${event.jobId}`,
    });
  }

  async function pending(definition: ConsumerDefinition): Promise<number> {
    const { client } = nats;
    const info = await client.manager.consumers.info(
      client.namespace.stream(definition.stream.name),
      client.namespace.consumer(definition.durableName),
    );
    return info.num_pending + info.num_ack_pending;
  }

  /** Every result handled and acknowledged, and everything its after-commit steps published read back. */
  async function settled(): Promise<void> {
    await eventually(async () => expect(await pending(Consumers.crawlSchedulerResults)).toBe(0));
    for (const definition of [
      Consumers.billingUsageBatches,
      Consumers.scrapeWorkerJobs,
      Consumers.crawlSchedulerWebhooks,
    ]) {
      await eventually(async () => expect(await pending(definition)).toBe(0));
    }
  }

  async function pagesOf(jobId: string) {
    return database.db
      .selectFrom('crawl_pages')
      .select(['id', 'url_key', 'url', 'state', 'document', 'credits', 'attempts'])
      .where('job_id', '=', jobId)
      .orderBy('seq')
      .execute();
  }

  async function jobRow(jobId: string) {
    return database.db
      .selectFrom('crawl_jobs')
      .select(['status', 'credits_used'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
  }

  const commandsFor = (pageId: string): ScrapeJobCommand[] =>
    scrapeCommands.filter((command) => command.jobId === pageId);
  const chargesFor = (pageId: string): UsageRecordedEvent[] =>
    charges.filter((charge) => charge.eventId === `batch:${pageId}`);

  it('keeps a result redelivered after a crash before its ack once, bills it once and dispatches the next page once', async () => {
    const row = await aJob({ max_concurrency: 2 });
    const [first, second, third] = await queuedPages(row, 3);
    expect(await dispatcher.dispatch(row.id)).toBe(2);
    crashAfterCommit.add(first ?? '');

    await publish(completed(row, first ?? '', { credits: 3 }));

    await eventually(() => expect(deliveries.get(first ?? '')).toBe(2));
    await settled();
    const kept = await pagesOf(row.id);
    expect(kept.map((page) => [page.id, page.state])).toEqual([
      [first, 'completed'],
      [second, 'dispatched'],
      [third, 'dispatched'],
    ]);
    expect(JSON.parse(kept[0]?.document ?? 'null')).toMatchObject({ markdown: `# ${first}` });
    expect(await jobRow(row.id)).toEqual({ status: 'scraping', credits_used: 3 });
    expect(chargesFor(first ?? '')).toEqual([
      expect.objectContaining({ teamId: row.team_id, kind: 'batch', jobId: row.id, credits: 3 }),
    ]);
    expect(commandsFor(third ?? '')).toEqual([
      expect.objectContaining({ teamId: row.team_id, origin: 'scheduled', url: `${ORIGIN}/page-2` }),
    ]);
  });

  it('keeps results that arrive together and twice each, once each, and ends the job with the last', async () => {
    const row = await aJob({ max_concurrency: 20, team_concurrency_limit: 20 });
    const pageIds = await queuedPages(row, 20);
    expect(await dispatcher.dispatch(row.id)).toBe(20);

    await Promise.all(
      pageIds.flatMap((pageId) => [publish(completed(row, pageId)), publish(completed(row, pageId), 'again')]),
    );

    await eventually(async () => expect((await jobRow(row.id)).status).toBe('completed'));
    await settled();
    expect((await pagesOf(row.id)).every((page) => page.state === 'completed' && page.credits === 1)).toBe(true);
    expect(await jobRow(row.id)).toEqual({ status: 'completed', credits_used: 20 });
    // A copy kept earlier is charged again (billing records each page once by its id): every page is billed.
    expect(new Set(charges.filter((charge) => charge.jobId === row.id).map((charge) => charge.eventId))).toEqual(
      new Set(pageIds.map((pageId) => `batch:${pageId}`)),
    );
  });

  it('fails a page whose scrape failed and ends the job, recording and queueing its webhook events', async () => {
    const webhook = {
      url: 'http://hooks.test/batch',
      headers: {},
      metadata: { run: 2 },
      events: ['page', 'completed', 'failed'],
    };
    const row = await aJob({ max_concurrency: 2, webhook: JSON.stringify(webhook) });
    const [good, bad] = await queuedPages(row, 2);
    await dispatcher.dispatch(row.id);

    await publish(completed(row, good ?? ''));
    await publish(failed(row, bad ?? ''));

    await eventually(async () => expect((await jobRow(row.id)).status).toBe('completed'));
    await settled();
    const states = (await pagesOf(row.id)).map((page) => page.state);
    expect(states).toEqual(['completed', 'failed']);
    const events = await database.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'event_type', 'status', 'body'])
      .where('job_id', '=', row.id)
      .orderBy('event_type', 'desc')
      .execute();
    // Nothing delivers here: the page event is never attempted, so `completed` waits, held, behind it.
    expect(events.map((event) => [event.event_type, event.status])).toEqual([
      ['batch_scrape.page', 'queued'],
      ['batch_scrape.completed', 'held'],
    ]);
    expect(JSON.parse(events[0]?.body ?? '{}')).toMatchObject({
      success: true,
      id: row.id,
      data: [{ markdown: `# ${good}` }],
      metadata: { run: 2 },
    });
    expect(webhookCommands.filter((command) => events.some((event) => event.id === command.deliveryId))).toHaveLength(
      1,
    );
  });

  it('keeps nothing of a result whose team does not own the page, and acknowledges it', async () => {
    const row = await aJob({ max_concurrency: 1 });
    const [page] = await queuedPages(row, 1);
    await dispatcher.dispatch(row.id);

    await publish({ ...completed(row, page ?? ''), teamId: randomUUID() });

    await eventually(() => expect(deliveries.get(page ?? '')).toBe(1));
    await settled();
    expect((await pagesOf(row.id)).map((each) => each.state)).toEqual(['dispatched']);
    expect(await jobRow(row.id)).toEqual({ status: 'scraping', credits_used: 0 });
    expect(chargesFor(page ?? '')).toEqual([]);
  });

  it('settles a result of a cancelled job as cancelled and bills nothing', async () => {
    const row = await aJob({ max_concurrency: 1 });
    const [page] = await queuedPages(row, 1);
    await dispatcher.dispatch(row.id);
    await database.db
      .updateTable('crawl_jobs')
      .set({ status: 'cancelled', finished_at: new Date() })
      .where('id', '=', row.id)
      .execute();

    await publish(completed(row, page ?? ''));

    await eventually(() => expect(deliveries.get(page ?? '')).toBe(1));
    await settled();
    expect((await pagesOf(row.id)).map((each) => [each.state, each.document])).toEqual([['cancelled', null]]);
    expect(await jobRow(row.id)).toEqual({ status: 'cancelled', credits_used: 0 });
    expect(chargesFor(page ?? '')).toEqual([]);
  });

  it("queues a crawl page's links in scope (robots-blocked ones as blocked) and dispatches them", async () => {
    const row = await aJob({
      kind: 'crawl',
      url: `${ORIGIN}/`,
      crawl_options: JSON.stringify(resolvedCrawlOptions({ sitemap: 'skip', excludePaths: ['^/old/'] })),
      max_concurrency: 5,
    });
    await database.db
      .insertInto('crawl_robots')
      .values({ job_id: row.id, origin: ORIGIN, body: 'User-agent: *\nDisallow: /private\n' })
      .execute();
    // The start page under its own URL key, as the seeder queues it.
    const { id: start } = await database.db
      .insertInto('crawl_pages')
      .values(crawlPageRow(row, { url: `${ORIGIN}/`, url_key: 'site.crawl.test' }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await dispatcher.dispatch(row.id);

    await publish(
      completed(row, start, {
        documentJson: JSON.stringify({
          markdown: '# Home',
          metadata: { url: `${ORIGIN}/`, sourceURL: `${ORIGIN}/`, statusCode: 200 },
        }),
        pageUrl: `${ORIGIN}/`,
        discoveredLinks: [`${ORIGIN}/a`, `${ORIGIN}/a#section`, `${ORIGIN}/private`, 'http://elsewhere.test/x'],
      }),
    );

    await eventually(async () =>
      expect((await pagesOf(row.id)).map((page) => page.state)).toEqual(['completed', 'dispatched', 'blocked']),
    );
    await settled();
    const frontier = await pagesOf(row.id);
    expect(frontier.slice(1).map((page) => [page.url, page.state])).toEqual([
      [`${ORIGIN}/a`, 'dispatched'],
      [`${ORIGIN}/private`, 'blocked'],
    ]);
    expect(commandsFor(frontier[1]?.id ?? '')).toEqual([
      expect.objectContaining({
        url: `${ORIGIN}/a`,
        discoverLinks: true,
        // The worker sends back only the links within it.
        discoveryScope: expect.objectContaining({ startUrl: `${ORIGIN}/`, excludePaths: ['^/old/'] }),
      }),
    ]);
    expect(await jobRow(row.id)).toMatchObject({ status: 'scraping' });
  });
});
