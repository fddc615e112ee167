import { randomUUID } from 'node:crypto';
import { type ConsumerDefinition, Consumers, type StreamSubject, Subjects } from '@wh/contracts';
import { createLogger } from '@wh/platform/logging';
import type { NatsRequester } from '@wh/platform/messaging';
import { eventually, startWebhookReceiver, testDatabase, testNats, type WebhookReceiver } from '@wh/testing';
import type { CrawlDatabase } from '../database/crawl-database';
import { Transactions } from '../database/transactions';
import { type NewDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryHandler } from './webhook-delivery.handler';
import { WebhookNotifier } from './webhook-notifier';
import { WebhookSender, webhookSignature } from './webhook-sender';

const SECRET = 'team-webhook-secret';

/** The contract's consumer with redelivery fast enough for a test. */
const fast = <S extends StreamSubject>(definition: ConsumerDefinition<S>): ConsumerDefinition<S> => ({
  ...definition,
  retryDelaysMs: [50],
  ackWaitMs: 2_000,
  maxDeliver: 3,
});

describe('WebhookDeliveryHandler behind the crawl-scheduler-webhooks consumer, with a receiver on loopback', () => {
  const database = testDatabase<CrawlDatabase>();
  const nats = testNats();
  let receiver: WebhookReceiver;
  let sender: WebhookSender;
  let deliveries: WebhookDeliveriesRepository;
  let notifier: WebhookNotifier;
  let transactions: Transactions;

  beforeAll(async () => {
    // Events but `completed` of the `slow-*` runs are answered after a while, as a busy receiver would.
    receiver = await startWebhookReceiver({
      answerDelayMs: (body) =>
        body.type !== 'crawl.completed' && String((body.metadata as { path?: string }).path).startsWith('slow-')
          ? 300
          : 0,
    });
    deliveries = new WebhookDeliveriesRepository(database.db);
    notifier = new WebhookNotifier(deliveries, nats.publisher, (json) => json);
    transactions = new Transactions(database.db);
    sender = new WebhookSender({ allowPrivateTargets: true, timeoutMs: 2_000, userAgent: 'WebHarvest-test' });
    // billing-service answers `billing.team.webhook-secret`; here every team has one secret.
    const requester = { request: async () => ({ secret: SECRET }) } as unknown as NatsRequester;
    const handler = new WebhookDeliveryHandler(
      deliveries,
      sender,
      notifier,
      requester,
      createLogger('integration-test', 'silent'),
    );
    await nats.consume({
      definition: fast(Consumers.crawlSchedulerWebhooks),
      handler: (command, context) => handler.deliver(command, context),
    });
  });

  afterAll(async () => {
    await sender?.close();
    await receiver?.close();
  });

  /** Records an event for the receiver, as a state change's transaction does, and queues it as after the commit. */
  async function queued(path: string): Promise<NewDelivery> {
    const jobId = randomUUID();
    const delivery = {
      id: randomUUID(),
      jobId,
      teamId: randomUUID(),
      eventType: 'crawl.page',
      url: `${receiver.url}/${path}`,
      headers: { 'x-run': path },
      body: JSON.stringify({
        success: true,
        type: 'crawl.page',
        id: jobId,
        data: [{ markdown: `# ${path}` }],
        metadata: { path },
      }),
      sequence: 1,
    };
    await transactions.run((trx) => deliveries.insert(trx, delivery));
    await notifier.queue([{ id: delivery.id, teamId: delivery.teamId }]);
    return delivery;
  }

  const receivedAt = (path: string) => receiver.received.filter((request) => request.headers['x-run'] === path);

  async function pending(): Promise<number> {
    const { client } = nats;
    const { stream, durableName } = Consumers.crawlSchedulerWebhooks;
    const info = await client.manager.consumers.info(
      client.namespace.stream(stream.name),
      client.namespace.consumer(durableName),
    );
    return info.num_pending + info.num_ack_pending;
  }

  /** The recorded body as an attempt sends it: with the attempt's number. */
  const sentBody = (delivery: NewDelivery, attempt: number) =>
    JSON.stringify({ ...(JSON.parse(delivery.body) as object), attempt });

  it('delivers a queued event once, signed over the body it sends (the recorded one, attempt 1), and records it delivered', async () => {
    const delivery = await queued('signed');

    await eventually(async () => expect(await pending()).toBe(0));

    expect(receivedAt('signed')).toEqual([
      expect.objectContaining({
        rawBody: sentBody(delivery, 1),
        answeredStatus: 200,
        headers: expect.objectContaining({
          'x-firecrawl-signature': webhookSignature(SECRET, sentBody(delivery, 1)),
        }),
      }),
    ]);
    expect(await deliveries.find(delivery.teamId, delivery.id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_error: null,
    });
  });

  it('tries a refused delivery again and records every attempt', async () => {
    receiver.failNext(1, 503);
    const delivery = await queued('retried');

    await eventually(async () =>
      expect((await deliveries.find(delivery.teamId, delivery.id))?.status).toBe('delivered'),
    );

    expect(receivedAt('retried').map((request) => request.answeredStatus)).toEqual([503, 200]);
    expect(receivedAt('retried').map((request) => request.rawBody)).toEqual([
      sentBody(delivery, 1),
      sentBody(delivery, 2),
    ]);
    expect(await deliveries.find(delivery.teamId, delivery.id)).toMatchObject({ attempts: 2, last_error: null });
  });

  it('marks a delivery failed after its last attempt, and sends it no more', async () => {
    receiver.failNext(3, 500);
    const delivery = await queued('refused');

    await eventually(async () => expect((await deliveries.find(delivery.teamId, delivery.id))?.status).toBe('failed'));
    await eventually(async () => expect(await pending()).toBe(0));

    expect(receivedAt('refused').map((request) => request.answeredStatus)).toEqual([500, 500, 500]);
    expect(await deliveries.find(delivery.teamId, delivery.id)).toMatchObject({
      attempts: 3,
      last_error: 'HTTP 500',
      delivered_at: null,
    });
  });

  it('sends a delivered event no more when its command comes again, and sends nothing for a command naming another team', async () => {
    const delivery = await queued('again');
    await eventually(async () =>
      expect((await deliveries.find(delivery.teamId, delivery.id))?.status).toBe('delivered'),
    );

    await nats.publisher.publish(
      Subjects.webhookDeliver,
      { deliveryId: delivery.id, teamId: delivery.teamId },
      { msgId: `again:${delivery.id}` },
    );
    await nats.publisher.publish(
      Subjects.webhookDeliver,
      { deliveryId: delivery.id, teamId: randomUUID() },
      { msgId: `foreign:${delivery.id}` },
    );

    await eventually(async () => expect(await pending()).toBe(0));
    expect(receivedAt('again')).toHaveLength(1);
    expect(await deliveries.find(delivery.teamId, delivery.id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  describe('a held terminal event', () => {
    /** A job's page events and its held `completed`, recorded as the notifier does under the job's lock. */
    async function jobWithPages(path: string, pages: number) {
      const jobId = randomUUID();
      const teamId = randomUUID();
      const event = (eventType: string, sequence: number, held = false): NewDelivery => ({
        id: randomUUID(),
        jobId,
        teamId,
        eventType,
        url: `${receiver.url}/${path}`,
        headers: { 'x-run': path },
        body: JSON.stringify({ success: true, type: eventType, id: jobId, sequence, data: [], metadata: { path } }),
        sequence,
        held,
      });
      const pageEvents = Array.from({ length: pages }, (_, index) => event('crawl.page', index + 1));
      const completed = event('crawl.completed', pages + 1, true);
      await transactions.run(async (trx) => {
        for (const delivery of [...pageEvents, completed]) await deliveries.insert(trx, delivery);
      });
      return { pageEvents, completed };
    }

    const refs = (events: NewDelivery[]) => events.map((event) => ({ id: event.id, teamId: event.teamId }));

    it('goes only after the first attempt of every page event, answered slowly or refused (retries may follow it)', async () => {
      const { pageEvents, completed } = await jobWithPages('slow-held', 3);
      receiver.failNext(1, 500);

      await notifier.queue(refs([...pageEvents, completed]));

      await eventually(async () => expect(receivedAt('slow-held')).toHaveLength(5));
      const terminal = receivedAt('slow-held').find((request) => request.body.type === 'crawl.completed');
      const firstAttempts = receivedAt('slow-held').filter(
        (request) => request.body.type === 'crawl.page' && request.body.attempt === 1,
      );
      expect(firstAttempts.map((request) => request.body.sequence).sort()).toEqual([1, 2, 3]);
      for (const page of firstAttempts) expect(terminal!.receivedAt).toBeGreaterThanOrEqual(page.answeredAt);
      expect(receivedAt('slow-held').filter((request) => request.body.attempt === 2)).toHaveLength(1);
      expect(await deliveries.find(completed.teamId, completed.id)).toMatchObject({ status: 'delivered' });
    });

    it('holds page events until started had its first attempt, and the terminal event until they had theirs', async () => {
      const { pageEvents, completed } = await jobWithPages('slow-started', 3);
      const [started, ...pages] = pageEvents;
      await database.db
        .updateTable('webhook_deliveries')
        .set({ event_type: 'crawl.started' })
        .where('id', '=', started.id)
        .execute();
      await database.db
        .updateTable('webhook_deliveries')
        .set({ status: 'held' })
        .where(
          'id',
          'in',
          pages.map((page) => page.id),
        )
        .execute();

      await notifier.queue(refs([started, ...pages, completed]));

      await eventually(async () => expect(receivedAt('slow-started')).toHaveLength(4));
      const [first, ...rest] = [...receivedAt('slow-started')].sort((a, b) => a.receivedAt - b.receivedAt);
      const last = rest.at(-1);
      expect(first?.body.sequence).toBe(1);
      expect(last?.body.type).toBe('crawl.completed');
      for (const page of rest.slice(0, -1)) {
        expect(page.receivedAt).toBeGreaterThanOrEqual(first.answeredAt);
        expect(last!.receivedAt).toBeGreaterThanOrEqual(page.answeredAt);
      }
    });

    it('is queued by the queueing itself when its page events were all attempted before', async () => {
      const { pageEvents, completed } = await jobWithPages('attempted-before', 2);
      // The pages' attempts finished between the terminal's commit and its queueing (their handler found it held
      // too early to release it, which the handler's own check after its commit rules out; here no handler runs).
      for (const page of pageEvents) await deliveries.recordAttempt(page.id, { delivered: true });

      await notifier.queue(refs([completed]));

      await eventually(async () =>
        expect(receivedAt('attempted-before').map((request) => request.body.type)).toEqual(['crawl.completed']),
      );
    });

    it('stays held while a page event was never sent, and goes once it is', async () => {
      const { pageEvents, completed } = await jobWithPages('lost-page', 2);
      const [sent, lost] = pageEvents;

      await notifier.queue(refs([sent, completed]));
      await eventually(async () => expect(receivedAt('lost-page')).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await deliveries.find(completed.teamId, completed.id)).toMatchObject({ status: 'held' });

      await notifier.queue(refs([lost]));

      await eventually(async () =>
        expect(receivedAt('lost-page').map((request) => request.body.type)).toEqual([
          'crawl.page',
          'crawl.page',
          'crawl.completed',
        ]),
      );
    });
  });
});
