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
    receiver = await startWebhookReceiver();
    deliveries = new WebhookDeliveriesRepository(database.db);
    notifier = new WebhookNotifier(deliveries, nats.publisher);
    transactions = new Transactions(database.db);
    sender = new WebhookSender({ allowPrivateTargets: true, timeoutMs: 2_000, userAgent: 'WebHarvest-test' });
    // billing-service answers `billing.team.webhook-secret`; here every team has one secret.
    const requester = { request: async () => ({ secret: SECRET }) } as unknown as NatsRequester;
    const handler = new WebhookDeliveryHandler(
      deliveries,
      sender,
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

  it('delivers a queued event once, signed over its exact body, and records it delivered', async () => {
    const delivery = await queued('signed');

    await eventually(async () => expect(await pending()).toBe(0));

    expect(receivedAt('signed')).toEqual([
      expect.objectContaining({
        rawBody: delivery.body,
        answeredStatus: 200,
        headers: expect.objectContaining({ 'x-firecrawl-signature': webhookSignature(SECRET, delivery.body) }),
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
});
