import { randomUUID } from 'node:crypto';
import {
  type ConsumerDefinition,
  Consumers,
  DeadLetterRecord,
  LargePayloadBucket,
  Streams,
  Subjects,
  type UsageRecordedEvent,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { createLogger } from '@wh/platform/logging';
import {
  DurableConsumerRunner,
  JetStreamPublisher,
  type JetStreamMessageContext,
  NatsClient,
} from '@wh/platform/messaging';
import { ErrorCode } from '@wh/contracts';
import { eventually } from '@wh/testing';
import { connectInFreshNamespace } from './support/test-nats';

/** The billing usage consumer, with retries fast enough for a test. */
const definition: ConsumerDefinition<typeof Subjects.usageRecorded> = {
  ...Consumers.billingUsage,
  maxDeliver: 3,
  retryDelaysMs: [50],
  ackWaitMs: 2_000,
};

function usageEvent(): UsageRecordedEvent {
  return {
    eventId: randomUUID(),
    teamId: 'team',
    kind: 'scrape',
    jobId: randomUUID(),
    credits: 1,
    occurredAt: new Date().toISOString(),
  };
}

describe('DurableConsumerRunner on a real JetStream', () => {
  let nats: NatsClient;
  let publisher: JetStreamPublisher;
  const logger = createLogger('test', 'silent');
  const runners: DurableConsumerRunner<typeof Subjects.usageRecorded>[] = [];

  beforeEach(async () => {
    nats = await connectInFreshNamespace('runner-test');
    for (const stream of [Streams.billingUsage, Streams.deadLetters]) await nats.ensureStream(stream);
    await nats.ensureConsumer(definition);
    publisher = new JetStreamPublisher(nats);
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop(1_000)));
    for (const stream of [Streams.billingUsage, Streams.deadLetters]) {
      await nats.manager.streams.delete(nats.namespace.stream(stream.name));
    }
    await nats.close();
  });

  async function run(
    handler: (event: UsageRecordedEvent, context: JetStreamMessageContext) => Promise<void>,
    concurrency = 1,
  ) {
    const runner = new DurableConsumerRunner(nats, publisher, logger, { definition, handler, concurrency });
    await runner.start();
    runners.push(runner);
  }

  async function pending(): Promise<number> {
    const info = await nats.manager.consumers.info(
      nats.namespace.stream(Streams.billingUsage.name),
      nats.namespace.consumer(definition.durableName),
    );
    return info.num_pending + info.num_ack_pending;
  }

  async function deadLetters(): Promise<DeadLetterRecord[]> {
    const records: DeadLetterRecord[] = [];
    const stream = nats.namespace.stream(Streams.deadLetters.name);
    const info = await nats.manager.streams.info(stream);
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq += 1) {
      const message = await nats.manager.streams.getMessage(stream, { seq });
      records.push(await nats.payloads.decode(DeadLetterRecord, { data: message.data, headers: message.header }));
    }
    return records;
  }

  it('acks after the handler succeeds, once per message id', async () => {
    const seen: string[] = [];
    await run(async (event) => {
      seen.push(event.eventId);
    });
    const event = usageEvent();
    await publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });
    await publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });
    await eventually(async () => expect(await pending()).toBe(0));
    expect(seen).toEqual([event.eventId]);
  });

  it('retries a retryable failure with a nak and succeeds on redelivery', async () => {
    const deliveries: number[] = [];
    await run(async (_event, context) => {
      deliveries.push(context.deliveryCount);
      if (context.deliveryCount < 2)
        throw new DomainError(ErrorCode.ServiceUnavailable, 'database down', undefined, true);
    });
    const event = usageEvent();
    await publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });
    await eventually(async () => expect(await pending()).toBe(0));
    expect(deliveries).toEqual([1, 2]);
    expect(await deadLetters()).toEqual([]);
  });

  it('dead-letters and terminates after max_deliver retryable failures', async () => {
    let attempts = 0;
    await run(async () => {
      attempts += 1;
      throw new DomainError(ErrorCode.ServiceUnavailable, 'still down', undefined, true);
    });
    const event = usageEvent();
    await publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });
    await eventually(async () => expect(await deadLetters()).toHaveLength(1));
    await eventually(async () => expect(await pending()).toBe(0));
    expect(attempts).toBe(definition.maxDeliver);
    const [record] = await deadLetters();
    expect(record).toMatchObject({ deliveries: definition.maxDeliver, reason: expect.stringContaining('still down') });
    expect(JSON.parse(Buffer.from(record?.payload ?? '', 'base64').toString())).toMatchObject({
      eventId: event.eventId,
    });
  });

  it('dead-letters a poison message at once without calling the handler', async () => {
    let calls = 0;
    await run(async () => {
      calls += 1;
    });
    await nats.jetstream.publish(
      nats.namespace.subject(Subjects.usageRecorded),
      new TextEncoder().encode('{"credits":"lots"}'),
      { msgID: 'poison' },
    );
    await eventually(async () => expect(await deadLetters()).toHaveLength(1));
    expect(calls).toBe(0);
    expect((await deadLetters())[0]?.deliveries).toBe(1);
    // Terminated, not merely dead-lettered: it must not come back after the ack wait.
    await eventually(async () => expect(await pending()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, definition.ackWaitMs + 500));
    const info = await nats.manager.consumers.info(
      nats.namespace.stream(Streams.billingUsage.name),
      nats.namespace.consumer(definition.durableName),
    );
    expect({ pending: info.num_pending + info.num_ack_pending, redelivered: info.num_redelivered }).toEqual({
      pending: 0,
      redelivered: 0,
    });
  }, 15_000);

  it('keeps a job that outlives ack_wait with working() instead of having it redelivered', async () => {
    const deliveries: number[] = [];
    await run(async (_event, context) => {
      deliveries.push(context.deliveryCount);
      await new Promise((resolve) => setTimeout(resolve, definition.ackWaitMs * 2));
    }, 2);
    const event = usageEvent();
    await publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });
    await eventually(async () => expect(await pending()).toBe(0), { timeoutMs: 15_000 });
    expect(deliveries).toEqual([1]);
  }, 20_000);

  it('keeps at most `concurrency` messages in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    await run(async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inFlight -= 1;
    }, 3);
    for (let index = 0; index < 12; index += 1) {
      const event = usageEvent();
      await publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });
    }
    await eventually(async () => expect(await pending()).toBe(0));
    expect(peak).toBe(3);
  });

  it('asks the server for no more messages than it has free slots, leaving the rest to other replicas', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    await run(async () => {
      started += 1;
      await held;
    }, 2);
    for (let index = 0; index < 5; index += 1) {
      const event = usageEvent();
      await publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });
    }
    await eventually(async () => expect(started).toBe(2));
    const info = await nats.manager.consumers.info(
      nats.namespace.stream(Streams.billingUsage.name),
      nats.namespace.consumer(definition.durableName),
    );
    expect({ delivered: info.num_ack_pending, waiting: info.num_pending }).toEqual({ delivered: 2, waiting: 3 });
    release();
    await eventually(async () => expect(await pending()).toBe(0));
    expect(started).toBe(5);
  });

  it('stops at once while its pulls wait for messages, instead of waiting for them to expire', async () => {
    const runner = new DurableConsumerRunner(nats, publisher, logger, {
      definition,
      handler: async () => undefined,
      concurrency: 2,
    });
    await runner.start();
    // Both slots now hold a pull that the server keeps open for 10 s; the test's 5 s limit fails if stop waits for it.
    await runner.stop(60_000);
  }, 5_000);

  it('carries a payload larger than one NATS message through the object store, and deletes it once acked', async () => {
    const received: UsageRecordedEvent[] = [];
    await run(async (event) => {
      received.push(event);
    });
    const event = { ...usageEvent(), jobId: 'j'.repeat(nats.maxPayloadBytes + 1) };
    await publisher.publish(Subjects.usageRecorded, event, { msgId: event.eventId });

    await eventually(async () => expect(received).toHaveLength(1));
    expect(received[0]).toEqual(event);
    const bucket = await nats.jetstream.views.os(nats.namespace.bucket(LargePayloadBucket.name));
    await eventually(async () => expect((await bucket.list()).filter((entry) => !entry.deleted)).toEqual([]));
    await nats.manager.streams.delete(`OBJ_${nats.namespace.bucket(LargePayloadBucket.name)}`);
  }, 20_000);

  it('validates a payload that travelled through the object store like any other, and dead-letters a broken one', async () => {
    const handled: UsageRecordedEvent[] = [];
    await run(async (event) => {
      handled.push(event);
    });
    const broken = { ...usageEvent(), credits: -1, jobId: 'j'.repeat(nats.maxPayloadBytes + 1) };
    await publisher.publish(Subjects.usageRecorded, broken, { msgId: broken.eventId });

    await eventually(async () => expect(await deadLetters()).toHaveLength(1));
    expect((await deadLetters())[0]?.reason).toMatch(/credits must not be less than 0/);
    expect(handled).toHaveLength(0);
    await nats.manager.streams.delete(`OBJ_${nats.namespace.bucket(LargePayloadBucket.name)}`);
  }, 20_000);
});
