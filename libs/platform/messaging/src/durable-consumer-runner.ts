import { type Consumer, ConsumerEvents, type ConsumerMessages, Events, type JsMsg } from 'nats';
import {
  CORRELATION_ID_HEADER,
  type ConsumerDefinition,
  Messages,
  type StreamPayload,
  type StreamSubject,
} from '@wh/contracts';
import { toDomainError } from '@wh/platform/errors';
import { type Logger, withCorrelationId } from '@wh/platform/logging';
import {
  extractTraceContext,
  inSpan,
  jetStreamConsumerAckPending,
  jetStreamConsumerPending,
  jetStreamDeadLetters,
  jetStreamHandlerDuration,
  jetStreamRedeliveries,
  onMetricsScrape,
  secondsSince,
  SpanKind,
} from '@wh/platform/telemetry';
import { deadLetter, headersOf } from './dead-letters';
import type { JetStreamPublisher } from './jetstream-publisher';
import type { DurableHandler } from './message-context';
import type { NatsClient } from './nats-client';

/**
 * How long one pull waits for a message. The client gives up 5 % after the server does; a message the server sends
 * just before its expiry while this process's event loop is busy (a page conversion, a browser) is dropped by the
 * client and only comes back after the ack wait. Long pulls make that window rare (and 5 % of them is a margin no
 * conversion outlasts); `stop` and a reconnection to the server end them early.
 */
const PULL_EXPIRES_MS = 10_000;

/**
 * How often the server says a waiting pull is still alive. On a cluster the waiting pulls live on the server leading
 * the consumer: when that server dies, nothing tells a client connected to another one, and its slots would sit idle
 * until the pull expired while the new leader has messages to give. Two heartbeats missed end the pull, and the next
 * one reaches the new leader. Two periods outlast any pause of this process's event loop: ending a pull that was
 * alive would drop the message its server sent meanwhile until the ack wait brings it back.
 */
const PULL_HEARTBEAT_MS = 2_000;
const MISSED_HEARTBEATS_BEFORE_REPULL = 2;

/** What became of one delivery, for the handler latency histogram. */
type DeliveryOutcome = 'ack' | 'retry' | 'dead_letter';

export interface DurableConsumerRunnerOptions<S extends StreamSubject> {
  definition: ConsumerDefinition<S>;
  handler: DurableHandler<StreamPayload<S>>;
  /** Messages processed at once by this process. */
  concurrency: number;
  /** Replaces the definition's redelivery delays. */
  retryDelaysMs?: readonly number[];
  /** How long one pull waits for messages; tests lengthen it to tell a pull ended early from one that expired. */
  pullExpiresMs?: number;
}

/**
 * Pulls from one durable consumer with bounded concurrency. One pull at a time asks for as many messages as there
 * are free slots and hands each to a slot the moment it arrives, so nothing waits in this process unprocessed (its
 * ack wait would be running). One pull per free slot instead made nats-server 2.9 deliver a backlog slowly,
 * whatever the slot count (docs/benchmarks.md, "Messaging"). Success acks after the handler committed its work; a
 * retryable failure naks with the contract's delay; a poison message or the last delivery is dead-lettered and
 * terminated.
 */
export class DurableConsumerRunner<S extends StreamSubject> {
  private stopping = false;
  private pulling: Promise<void> | undefined;
  /** Messages being processed, with their processing; `stop` empties it when it hands them back. */
  private readonly inFlight = new Map<JsMsg, Promise<void>>();
  private readonly waitingPulls = new Set<ConsumerMessages>();
  private slotFreed: (() => void) | undefined;
  private stopReportingLag: (() => void) | undefined;

  constructor(
    private readonly nats: NatsClient,
    private readonly publisher: JetStreamPublisher,
    private readonly logger: Logger,
    private readonly options: DurableConsumerRunnerOptions<S>,
  ) {}

  private get durable(): string {
    return this.nats.namespace.consumer(this.options.definition.durableName);
  }

  async start(): Promise<void> {
    const consumer = await this.nats.jetstream.consumers.get(
      this.nats.namespace.stream(this.options.definition.stream.name),
      this.durable,
    );
    this.pulling = this.pullWhileRunning(consumer);
    void this.renewPullsOnReconnect();
    this.stopReportingLag = onMetricsScrape(() => this.reportLag(consumer));
  }

  /** The consumer name without the deployment's namespace: one series per consumer, whatever the namespace. */
  private get metricLabel(): string {
    return this.options.definition.durableName;
  }

  private async reportLag(consumer: Consumer): Promise<void> {
    const info = await consumer.info();
    jetStreamConsumerPending.set({ consumer: this.metricLabel }, info.num_pending);
    jetStreamConsumerAckPending.set({ consumer: this.metricLabel }, info.num_ack_pending);
  }

  /** A restarted server forgot the waiting pulls: without this the slots would sit idle until theirs expire. */
  private async renewPullsOnReconnect(): Promise<void> {
    for await (const status of this.nats.connection.status()) {
      if (this.stopping) return;
      if (status.type === Events.Reconnect) this.endWaitingPulls();
    }
  }

  private endWaitingPulls(): void {
    for (const pull of this.waitingPulls) pull.stop();
  }

  /** Stops pulling, waits up to `graceMs` for in-flight messages, then hands the rest back with a nak. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.stopReportingLag?.();
    // A message the server sends meanwhile comes back after the ack wait, to this replica or another one.
    this.endWaitingPulls();
    this.slotFreed?.();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.all([this.pulling, ...this.inFlight.values()]), grace]);
    clearTimeout(timer);
    for (const message of this.inFlight.keys()) message.nak();
    this.inFlight.clear();
  }

  private async pullWhileRunning(consumer: Consumer): Promise<void> {
    while (!this.stopping) {
      const freeSlots = this.options.concurrency - this.inFlight.size;
      if (freeSlots <= 0) {
        await new Promise<void>((resolve) => (this.slotFreed = resolve));
        continue;
      }
      try {
        await this.pull(consumer, freeSlots);
      } catch (error) {
        if (this.stopping) return;
        this.logger.warn({ err: error, consumer: this.durable }, 'pull failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  private async pull(consumer: Consumer, maxMessages: number): Promise<void> {
    const messages = await consumer.fetch({
      max_messages: maxMessages,
      expires: this.options.pullExpiresMs ?? PULL_EXPIRES_MS,
      idle_heartbeat: PULL_HEARTBEAT_MS,
    });
    void this.endWhenServerFallsSilent(messages);
    this.waitingPulls.add(messages);
    if (this.stopping) messages.stop();
    try {
      for await (const message of messages) {
        if (this.stopping) {
          message.nak();
          continue;
        }
        this.inFlight.set(
          message,
          this.process(message).finally(() => {
            this.inFlight.delete(message);
            const wake = this.slotFreed;
            this.slotFreed = undefined;
            wake?.();
          }),
        );
      }
    } finally {
      this.waitingPulls.delete(messages);
    }
  }

  /**
   * Ends the pull itself rather than leaving it to the client library, which asks the same pull again for a whole
   * batch on top of the one it lost track of, more messages than this process has free slots.
   */
  private async endWhenServerFallsSilent(messages: ConsumerMessages): Promise<void> {
    for await (const status of await messages.status()) {
      if (status.type === ConsumerEvents.HeartbeatsMissed && Number(status.data) >= MISSED_HEARTBEATS_BEFORE_REPULL) {
        this.logger.warn({ consumer: this.durable }, 'pull heartbeats missed; pulling again');
        messages.stop();
        return;
      }
    }
  }

  private async process(message: JsMsg): Promise<void> {
    const { definition } = this.options;
    const headers = headersOf(message);
    const deliveryCount = message.info.redeliveryCount;
    const heartbeat = setInterval(() => message.working(), Math.max(1_000, definition.ackWaitMs / 3));
    const startedAt = performance.now();
    let outcome: DeliveryOutcome = 'ack';
    if (deliveryCount > 1) jetStreamRedeliveries.inc({ consumer: this.metricLabel });
    try {
      const parent = extractTraceContext((name) => headers[name]);
      const spanOptions = {
        kind: SpanKind.CONSUMER,
        parent,
        attributes: {
          'messaging.system': 'nats',
          'messaging.consumer.group.name': this.metricLabel,
          'messaging.destination.name': message.subject,
        },
      };
      await withCorrelationId(headers[CORRELATION_ID_HEADER], () =>
        inSpan(`process ${this.metricLabel}`, spanOptions, async () => {
          try {
            const payloadClass = Messages[definition.subject].payload as new () => StreamPayload<S>;
            const payload = await this.nats.payloads.decode(payloadClass, message);
            await this.options.handler(payload, {
              subject: message.subject,
              deliveryCount,
              isLastDelivery: deliveryCount >= definition.maxDeliver,
              headers,
              working: () => message.working(),
            });
            if (this.inFlight.has(message)) await this.acknowledge(message);
          } catch (error) {
            outcome = await this.fail(message, error, deliveryCount);
          }
        }),
      );
    } finally {
      clearInterval(heartbeat);
      jetStreamHandlerDuration.observe({ consumer: this.metricLabel, outcome }, secondsSince(startedAt));
    }
  }

  /**
   * Not ackAck for most messages: waiting for the server's confirmation costs a round trip per message and proves
   * nothing the handlers rely on. An ack that is lost brings the message back after the ack wait, and every handler
   * is idempotent. A message whose body is in the object store is the exception: its body is deleted after the ack,
   * so the ack must be known to have landed, or a redelivered copy would find no body.
   */
  private async acknowledge(message: JsMsg): Promise<void> {
    if (!this.nats.payloads.isStoredElsewhere(message)) {
      message.ack();
      return;
    }
    if (await message.ackAck()) await this.nats.payloads.release(message);
  }

  private async fail(message: JsMsg, error: unknown, deliveryCount: number): Promise<DeliveryOutcome> {
    const { definition } = this.options;
    const failure = toDomainError(error);
    if (failure.retryable && deliveryCount < definition.maxDeliver) {
      const delays = this.options.retryDelaysMs ?? definition.retryDelaysMs;
      const delay = delays[Math.min(deliveryCount - 1, delays.length - 1)] ?? 1_000;
      this.logger.warn({ err: failure, deliveryCount, delay, consumer: this.durable }, 'message failed; retrying');
      message.nak(delay);
      return 'retry';
    }
    this.logger.error({ err: failure, deliveryCount, consumer: this.durable }, 'message dead-lettered');
    try {
      await deadLetter(this.publisher, message, this.durable, `${failure.code}: ${failure.message}`);
      // No reason argument: nats-server 2.9 ignores a term() that carries one, and redelivers the message.
      message.term();
      jetStreamDeadLetters.inc({ consumer: this.metricLabel });
      return 'dead_letter';
    } catch (publishError) {
      // Without the dead-letter record the message must not vanish: let it come back.
      this.logger.error({ err: publishError }, 'dead-letter publish failed; message handed back');
      message.nak(definition.retryDelaysMs.at(-1) ?? 1_000);
      return 'retry';
    }
  }
}
