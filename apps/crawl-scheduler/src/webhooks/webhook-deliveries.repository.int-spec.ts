import { randomUUID } from 'node:crypto';
import { testDatabase } from '@wh/testing';
import type { CrawlDatabase, Trx } from '../database/crawl-database';
import { Transactions } from '../database/transactions';
import { type NewDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository';

describe('WebhookDeliveriesRepository', () => {
  const database = testDatabase<CrawlDatabase>();
  let deliveries: WebhookDeliveriesRepository;
  let transactions: Transactions;

  beforeAll(() => {
    deliveries = new WebhookDeliveriesRepository(database.db);
    transactions = new Transactions(database.db);
  });

  function aDelivery(overrides: Partial<NewDelivery> = {}): NewDelivery {
    const jobId = randomUUID();
    return {
      id: randomUUID(),
      jobId,
      teamId: randomUUID(),
      eventType: 'batch_scrape.page',
      url: 'http://hooks.test/batch',
      headers: { 'x-secret-header': 'a' },
      body: JSON.stringify({ success: true, type: 'batch_scrape.page', id: jobId, data: [], metadata: {} }),
      sequence: 1,
      ...overrides,
    };
  }

  async function recorded(delivery: NewDelivery, createdAt?: Date): Promise<NewDelivery> {
    await transactions.run((trx) => deliveries.insert(trx, delivery));
    if (createdAt)
      await database.db
        .updateTable('webhook_deliveries')
        .set({ created_at: createdAt })
        .where('id', '=', delivery.id)
        .execute();
    return delivery;
  }

  async function statusOf(delivery: NewDelivery): Promise<string | undefined> {
    return (await deliveries.find(delivery.teamId, delivery.id))?.status;
  }

  it('finds a recorded delivery, pending and unattempted, only for its own team', async () => {
    const delivery = await recorded(aDelivery());

    expect(await deliveries.find(delivery.teamId, delivery.id)).toMatchObject({
      id: delivery.id,
      job_id: delivery.jobId,
      team_id: delivery.teamId,
      event_type: 'batch_scrape.page',
      url: delivery.url,
      headers: { 'x-secret-header': 'a' },
      body: delivery.body,
      attempts: 0,
      status: 'pending',
      last_error: null,
      delivered_at: null,
    });
    expect(await deliveries.find(randomUUID(), delivery.id)).toBeUndefined();
  });

  it('keeps the first recording of a delivery id', async () => {
    const delivery = await recorded(aDelivery());

    await recorded({ ...delivery, body: '{"second":true}' });

    expect((await deliveries.find(delivery.teamId, delivery.id))?.body).toBe(delivery.body);
  });

  it('records nothing when the transaction that reports the state change rolls back', async () => {
    const delivery = aDelivery();

    await expect(
      transactions.run(async (trx) => {
        await deliveries.insert(trx, delivery);
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');

    expect(await deliveries.find(delivery.teamId, delivery.id)).toBeUndefined();
  });

  it('marks only pending (or held) deliveries queued', async () => {
    const [pending, delivered] = [await recorded(aDelivery()), await recorded(aDelivery())];
    await deliveries.recordAttempt(delivered.id, { delivered: true });

    await deliveries.markQueued([pending.id, delivered.id]);
    await deliveries.markQueued([]);

    expect([await statusOf(pending), await statusOf(delivered)]).toEqual(['queued', 'delivered']);
  });

  it('lists deliveries recorded before the cut-off and never queued, oldest first', async () => {
    const cutOff = new Date('2001-01-01T00:00:00Z');
    const older = await recorded(aDelivery(), new Date('2000-01-01T00:00:00Z'));
    const old = await recorded(aDelivery(), new Date('2000-06-01T00:00:00Z'));
    const oldButQueued = await recorded(aDelivery(), new Date('2000-03-01T00:00:00Z'));
    await deliveries.markQueued([oldButQueued.id]);
    await recorded(aDelivery());

    expect(await deliveries.unqueued(cutOff)).toEqual([
      { id: older.id, team_id: older.teamId },
      { id: old.id, team_id: old.teamId },
    ]);
  });

  it('records a delivered attempt: delivered, when, and no error', async () => {
    const delivery = await recorded(aDelivery());
    await deliveries.recordAttempt(delivery.id, { delivered: false, error: 'HTTP 500', final: false });

    await deliveries.recordAttempt(delivery.id, { delivered: true });

    expect(await deliveries.find(delivery.teamId, delivery.id)).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_error: null,
      delivered_at: expect.any(Date),
    });
  });

  it('records a failed attempt with its error, cut to 1,000 characters, and fails the delivery at the last attempt only', async () => {
    const delivery = await recorded(aDelivery());
    await deliveries.markQueued([delivery.id]);

    await deliveries.recordAttempt(delivery.id, { delivered: false, error: 'x'.repeat(5_000), final: false });
    const retried = await deliveries.find(delivery.teamId, delivery.id);
    await deliveries.recordAttempt(delivery.id, { delivered: false, error: 'HTTP 503', final: true });

    expect(retried).toMatchObject({ status: 'queued', attempts: 1, delivered_at: null });
    expect(retried?.last_error).toHaveLength(1_000);
    expect(await deliveries.find(delivery.teamId, delivery.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: 'HTTP 503',
      delivered_at: null,
    });
  });

  it('forgets deliveries recorded before a time, whatever their status, and keeps the later ones', async () => {
    const [ancient, ancientDelivered] = [
      await recorded(aDelivery(), new Date('1990-01-01T00:00:00Z')),
      await recorded(aDelivery(), new Date('1990-01-02T00:00:00Z')),
    ];
    await deliveries.recordAttempt(ancientDelivered.id, { delivered: true });
    const later = await recorded(aDelivery(), new Date('1996-01-01T00:00:00Z'));

    await deliveries.deleteCreatedBefore(new Date('1995-01-01T00:00:00Z'));

    expect(await deliveries.find(ancient.teamId, ancient.id)).toBeUndefined();
    expect(await deliveries.find(ancientDelivered.teamId, ancientDelivered.id)).toBeUndefined();
    expect(await deliveries.find(later.teamId, later.id)).toBeDefined();
  });

  describe("the order of a job's events", () => {
    /** A job's events in order: `started`, pages, then the terminal event, as the notifier records them. */
    async function jobWith(types: string[], heldLast = false): Promise<NewDelivery[]> {
      const first = aDelivery();
      const events: NewDelivery[] = [];
      for (const [index, eventType] of types.entries()) {
        const held = heldLast && index === types.length - 1;
        events.push(
          await recorded(
            { ...first, id: randomUUID(), eventType, sequence: index + 1, held },
            new Date(Date.now() - 60_000),
          ),
        );
      }
      return events;
    }

    const inTransaction = <T>(work: (trx: Trx) => Promise<T>): Promise<T> => transactions.run(work);

    it("numbers a job's events from 1, each job on its own, and counts its page events", async () => {
      const [first] = await jobWith(['crawl.started', 'crawl.page', 'crawl.page']);
      const other = aDelivery();

      expect(await inTransaction((trx) => deliveries.nextSequence(trx, first.jobId))).toBe(4);
      expect(await inTransaction((trx) => deliveries.nextSequence(trx, other.jobId))).toBe(1);
      expect(await inTransaction((trx) => deliveries.pageEvents(trx, first.jobId))).toBe(2);
      expect(await inTransaction((trx) => deliveries.pageEvents(trx, other.jobId))).toBe(0);
    });

    it('refuses a second event with a number its job already has', async () => {
      const [first] = await jobWith(['crawl.started']);

      await expect(recorded({ ...first, id: randomUUID() })).rejects.toThrow(/webhook_deliveries_job_sequence/);
    });

    it('sees an event as waiting until its first attempt is recorded, whatever its outcome', async () => {
      const [started, page, otherPage] = await jobWith([
        'batch_scrape.started',
        'batch_scrape.page',
        'batch_scrape.page',
      ]);
      const jobId = page.jobId;
      const waiting = async () => [
        await deliveries.hasUnattempted(jobId, { pages: true }),
        await deliveries.hasUnattempted(jobId, { pages: false }),
      ];

      expect(await waiting()).toEqual([true, true]);
      await deliveries.recordAttempt(started.id, { delivered: false, error: 'timeout', final: false });
      expect(await waiting()).toEqual([true, false]);
      await deliveries.recordAttempt(page.id, { delivered: true });
      expect(await waiting()).toEqual([true, false]);
      await deliveries.recordAttempt(otherPage.id, { delivered: true });
      expect(await waiting()).toEqual([false, false]);
    });

    it('releases a held terminal event only once every event before it had its first attempt', async () => {
      const [started, page, otherPage, completed] = await jobWith(
        ['crawl.started', 'crawl.page', 'crawl.page', 'crawl.completed'],
        true,
      );
      const jobId = completed.jobId;
      const cutOff = new Date();
      const releasableIds = async () => (await deliveries.releasable(cutOff)).map((delivery) => delivery.id);

      expect(await statusOf(completed)).toBe('held');
      expect(await deliveries.unqueued(cutOff)).not.toContainEqual(expect.objectContaining({ id: completed.id }));
      await deliveries.recordAttempt(page.id, { delivered: true });
      await deliveries.recordAttempt(otherPage.id, { delivered: false, error: 'HTTP 500', final: false });
      expect(await deliveries.releasableOf(jobId)).toEqual([]);
      expect(await releasableIds()).not.toContain(completed.id);

      await deliveries.recordAttempt(started.id, { delivered: true });

      expect(await deliveries.releasableOf(jobId)).toEqual([{ id: completed.id, team_id: completed.teamId }]);
      expect(await releasableIds()).toContain(completed.id);
    });

    it('releases held page events once started had its first attempt, whatever the other pages do', async () => {
      const first = aDelivery({ eventType: 'crawl.started' });
      await recorded(first);
      const heldPage = async (sequence: number) =>
        recorded({ ...first, id: randomUUID(), eventType: 'crawl.page', sequence, held: true });
      const [page, otherPage] = [await heldPage(2), await heldPage(3)];

      expect(await deliveries.releasableOf(first.jobId)).toEqual([]);
      await deliveries.recordAttempt(first.id, { delivered: true });

      expect(await deliveries.releasableOf(first.jobId)).toEqual([
        { id: page.id, team_id: page.teamId },
        { id: otherPage.id, team_id: otherPage.teamId },
      ]);
    });

    it('leaves a held event recorded after the cut-off to the handler that releases it', async () => {
      const [started, completed] = await jobWith(['crawl.started', 'crawl.completed'], true);
      await deliveries.recordAttempt(started.id, { delivered: true });

      expect(await deliveries.releasableOf(completed.jobId)).toHaveLength(1);
      expect((await deliveries.releasable(new Date(Date.now() - 120_000))).map((held) => held.id)).not.toContain(
        completed.id,
      );
    });

    it('lists the held ones among deliveries and marks a released one queued', async () => {
      const [started, completed] = await jobWith(['crawl.started', 'crawl.completed'], true);

      expect(await deliveries.heldAmong([started.id, completed.id])).toEqual([
        { id: completed.id, job_id: completed.jobId },
      ]);
      await deliveries.markQueued([completed.id]);
      expect(await statusOf(completed)).toBe('queued');
      expect(await deliveries.releasableOf(completed.jobId)).toEqual([]);
    });
  });
});
