import {
  AckPolicy,
  connect,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
  nanos,
  RetentionPolicy,
  StorageType,
} from 'nats';
import type { ConsumerDefinition, StreamDefinition } from '@wh/contracts';
import { Namespace } from './namespace';
import { PayloadCodec } from './payload-codec';

export interface NatsClientOptions {
  servers: string;
  namespace: string;
  serviceName: string;
  /** Give up after this long instead of waiting for the server forever (for short-lived command-line tools). */
  connectTimeoutMs?: number;
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && /not found/i.test(error.message);
}

/** One NATS connection per process, with the JetStream handles, the namespace it works in and its payload codec. */
export class NatsClient {
  readonly payloads: PayloadCodec;

  private constructor(
    readonly connection: NatsConnection,
    readonly jetstream: JetStreamClient,
    readonly manager: JetStreamManager,
    readonly namespace: Namespace,
    readonly serviceName: string,
  ) {
    this.payloads = new PayloadCodec(jetstream, namespace, () => this.maxPayloadBytes);
  }

  static async connect(options: NatsClientOptions): Promise<NatsClient> {
    const connection = await connect({
      servers: options.servers.split(',').map((server) => server.trim()),
      name: options.serviceName,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      // Otherwise every request and JetStream publish builds two Errors with stacks up front, in case it times out: a
      // measurable share of a publish's CPU (docs/benchmarks.md, "Messaging"), for a trace the correlation id carries.
      noAsyncTraces: true,
      ...(options.connectTimeoutMs ? { timeout: options.connectTimeoutMs } : {}),
    });
    const manager = await connection.jetstreamManager();
    return new NatsClient(
      connection,
      connection.jetstream(),
      manager,
      new Namespace(options.namespace),
      options.serviceName,
    );
  }

  /** Largest message body the server accepts. */
  get maxPayloadBytes(): number {
    return this.connection.info?.max_payload ?? 1024 * 1024;
  }

  get isConnected(): boolean {
    return !this.connection.isClosed() && !this.connection.isDraining();
  }

  /**
   * Creates the stream, or brings an existing one's settings in line with the contract. Subjects are only ever added:
   * during a rolling deploy a replica of the older release provisions too, and taking away a subject the newer
   * release added would leave that release's publishers without a stream. Retiring a subject is a deliberate step.
   */
  async ensureStream(definition: StreamDefinition): Promise<void> {
    const config = {
      name: this.namespace.stream(definition.name),
      subjects: definition.subjects.map((subject) => this.namespace.subject(subject)),
      retention: definition.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(definition.maxAgeMs),
      duplicate_window: nanos(definition.duplicateWindowMs),
    };
    let existingSubjects: string[];
    try {
      existingSubjects = (await this.manager.streams.info(config.name)).config.subjects ?? [];
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await this.manager.streams.add(config);
      return;
    }
    await this.manager.streams.update(config.name, {
      ...config,
      subjects: [...new Set([...existingSubjects, ...config.subjects])],
    });
  }

  /** Creates the durable pull consumer, or updates its settings. */
  async ensureConsumer(definition: ConsumerDefinition): Promise<void> {
    const stream = this.namespace.stream(definition.stream.name);
    const durable = this.namespace.consumer(definition.durableName);
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.namespace.subject(definition.filterSubject),
      ack_wait: nanos(definition.ackWaitMs),
      max_deliver: definition.maxDeliver,
      max_ack_pending: definition.maxAckPending,
    };
    try {
      await this.manager.consumers.info(stream, durable);
      await this.manager.consumers.update(stream, durable, config);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await this.manager.consumers.add(stream, config);
    }
  }

  /** Hands back nothing in flight: callers stop their consumers first. */
  async close(): Promise<void> {
    if (!this.connection.isClosed()) await this.connection.drain();
  }
}
