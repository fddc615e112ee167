import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Subscription } from 'nats';
import { CrawlJobRef, ErrorCode, Subjects } from '@wh/contracts';
import { createKysely } from '@wh/platform/database';
import { createLogger } from '@wh/platform/logging';
import { type JetStreamPublisher, NatsRequester, serveRequests } from '@wh/platform/messaging';
import { crawlJobRow, testDatabase, testNats } from '@wh/testing';
import type { CrawlDatabase } from '../database/crawl-database';
import { CrawlJobsRepository } from '../database/crawl-jobs.repository';
import { CrawlPagesRepository } from '../database/crawl-pages.repository';
import { Transactions } from '../database/transactions';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { WebhookNotifier } from '../webhooks/webhook-notifier';
import { CancelJobService } from './cancel-job.service';

/**
 * A temporary database failure (here a lock the cancel waited for too long) reaches the caller as a retryable
 * `ServiceUnavailable` with a wait, which the gateway answers as a 503 with Retry-After, not as a 500.
 */
describe('crawl.job.cancel when its job row stays locked, over real NATS and Postgres', () => {
  const database = testDatabase<CrawlDatabase>();
  const nats = testNats();
  let impatient: Kysely<CrawlDatabase>;
  let subscription: Subscription;
  let requester: NatsRequester;

  beforeAll(() => {
    // The service's own connections give up on a lock after 100 ms, so the test need not wait for a deadlock check.
    const url = new URL(database.url);
    url.searchParams.set('options', '-c lock_timeout=100');
    impatient = createKysely<CrawlDatabase>(url.toString(), () => undefined, 2);
    const publisher = { publish: async () => undefined } as unknown as JetStreamPublisher;
    const cancel = new CancelJobService(
      new Transactions(impatient),
      new CrawlJobsRepository(impatient),
      new CrawlPagesRepository(impatient),
      new WebhookNotifier(new WebhookDeliveriesRepository(impatient), publisher, (json) => json),
      3_600_000,
    );
    subscription = serveRequests(
      nats.client,
      createLogger('integration-test', 'silent'),
      Subjects.crawlJobCancel,
      CrawlJobRef,
      (request) => cancel.execute(request),
    );
    requester = new NatsRequester(nats.client);
  });
  afterAll(async () => {
    subscription?.unsubscribe();
    await impatient?.destroy();
  });

  it('answers ServiceUnavailable with a wait of a second while another transaction holds the row, then cancels', async () => {
    const row = crawlJobRow(randomUUID(), { seeded: true });
    await database.db.insertInto('crawl_jobs').values(row).execute();
    const ref = { teamId: row.team_id, kind: 'batch' as const, jobId: row.id };

    await database.db.transaction().execute(async (trx) => {
      await new CrawlJobsRepository(database.db).lock(trx, row.id);
      await expect(requester.request(Subjects.crawlJobCancel, ref)).rejects.toMatchObject({
        code: ErrorCode.ServiceUnavailable,
        details: { retryAfterSeconds: 1 },
      });
    });

    expect(await requester.request(Subjects.crawlJobCancel, ref)).toEqual({ status: 'cancelled' });
  });
});
