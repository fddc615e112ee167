import {
  AckPolicy,
  connect,
  DeliverPolicy,
  DiscardPolicy,
  ErrorCode,
  Events,
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
import { StoredPublishes } from './stored-publishes';

export interface NatsClientOptions {
  servers: string;
  namespace: string;
  serviceName: string;
  /** Copies of every stream and bucket this client creates (NATS_REPLICAS); 1 when not given. */
  replicas?: number;
  /** Give up after this long instead of waiting for the server forever (for short-lived command-line tools). */
  connectTimeoutMs?: number;
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && /not found/i.test(error.message);
}

/** How long a service keeps trying to provision while the cluster is busy, before its boot fails. */
const PROVISIONING_DEADLINE_MS = 60_000;

/**
 * Errors of a clustered JetStream that pass: nats-server 2.9 leaves a create request for a stream or consumer that
 * another client is creating right now unanswered (a timeout), or answers that the name is in use; a stream another
 * client has just created is "not found" by updates and consumer creates until its replicas have elected a leader;
 * and while a meta leader is elected, nobody answers at all.
 */
function isBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  return (
    code === ErrorCode.Timeout ||
    code === ErrorCode.NoResponders ||
    /already in use|stream not found/i.test(error.message)
  );
}

/** Runs one provisioning step again (from its reads) until it gets through a busy cluster. */
async function provisionPatiently(step: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + PROVISIONING_DEADLINE_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(attempt * 200, 2_000)));
    }
  }
}

/**
 * One NATS connection per process, with the JetStream handles, the namespace it works in and its payload codec.
 * nats-server (2.9) forgets a memory stream entirely when it restarts, definition and consumers included: the client
 * remembers the memory streams and consumers it provisioned and, after each reconnection, creates the ones the
 * server no longer knows, then tells the listeners given to {@link onReconnected}.
 */
export class NatsClient {
  readonly payloads: PayloadCodec;
  /** JetStream publishes that wait for their stream's answer (what JetStreamPublisher sends through). */
  readonly storedPublishes: StoredPublishes;
  private readonly memoryStreams = new Map<string, StreamDefinition>();
  private readonly memoryStreamConsumers = new Map<string, ConsumerDefinition>();
  private readonly reconnectionListeners = new Set<() => Promise<void> | void>();

  private constructor(
    readonly connection: NatsConnection,
    readonly jetstream: JetStreamClient,
    readonly manager: JetStreamManager,
    readonly namespace: Namespace,
    readonly serviceName: string,
    /** Copies a stream or bucket this client creates gets: callers opening buckets of their own pass it on. */
    readonly replicas: number,
  ) {
    this.payloads = new PayloadCodec(jetstream, namespace, () => this.maxPayloadBytes, replicas);
    this.storedPublishes = new StoredPublishes(connection);
    void this.restoreMemoryStreamsOnReconnect();
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
      options.replicas ?? 1,
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
   * Runs `listener` after each reconnection, once the memory streams and consumers the server had forgotten are back
   * (or could not be put back within the provisioning deadline). Returns the way to stop listening.
   */
  onReconnected(listener: () => Promise<void> | void): () => void {
    this.reconnectionListeners.add(listener);
    return () => this.reconnectionListeners.delete(listener);
  }

  private async restoreMemoryStreamsOnReconnect(): Promise<void> {
    for await (const status of this.connection.status()) {
      if (status.type !== Events.Reconnect) continue;
      await this.restoreForgottenMemoryStreams();
      for (const listener of this.reconnectionListeners) {
        try {
          await listener();
        } catch {
          // A listener's failure is its own to report; the others still run.
        }
      }
    }
  }

  /**
   * Info first, create only if missing: on a cluster the streams survive on the other nodes (with their messages)
   * and must not be touched. What cannot be put back now is tried again at the next reconnection; until then its
   * publishes fail with a clear error, and a waiting requester's scrape ends at its deadline.
   */
  private async restoreForgottenMemoryStreams(): Promise<void> {
    const restore = async (step: () => Promise<void>): Promise<void> => {
      try {
        await provisionPatiently(step);
      } catch {
        // Left for the next reconnection (see above).
      }
    };
    for (const definition of this.memoryStreams.values()) {
      await restore(async () => {
        if (!(await this.streamExists(definition))) await this.manager.streams.add(this.streamConfig(definition));
      });
    }
    for (const definition of this.memoryStreamConsumers.values()) {
      await restore(async () => {
        if (!(await this.consumerExists(definition)))
          await this.manager.consumers.add(
            this.namespace.stream(definition.stream.name),
            this.consumerConfig(definition),
          );
      });
    }
  }

  private async streamExists(definition: StreamDefinition): Promise<boolean> {
    try {
      await this.manager.streams.info(this.namespace.stream(definition.name));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  private async consumerExists(definition: ConsumerDefinition): Promise<boolean> {
    try {
      await this.manager.consumers.info(
        this.namespace.stream(definition.stream.name),
        this.namespace.consumer(definition.durableName),
      );
      return true;
    } catch (error) {
      if (isNotFound(error) && !/stream not found/i.test((error as Error).message)) return false;
      throw error;
    }
  }

  /**
   * Creates the stream, or brings an existing one's settings in line with the contract. Subjects are only ever added:
   * during a rolling deploy a replica of the older release provisions too, and taking away a subject the newer
   * release added would leave that release's publishers without a stream. Retiring a subject is a deliberate step.
   */
  async ensureStream(definition: StreamDefinition): Promise<void> {
    await provisionPatiently(() => this.provisionStream(definition));
    if (definition.storage === 'memory') this.memoryStreams.set(definition.name, definition);
  }

  private streamConfig(definition: StreamDefinition) {
    return {
      name: this.namespace.stream(definition.name),
      subjects: definition.subjects.map((subject) => this.namespace.subject(subject)),
      retention: definition.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
      storage: definition.storage === 'memory' ? StorageType.Memory : StorageType.File,
      max_age: nanos(definition.maxAgeMs),
      duplicate_window: nanos(definition.duplicateWindowMs),
      ...(definition.maxBytes ? { max_bytes: definition.maxBytes, discard: DiscardPolicy.Old } : {}),
      num_replicas: this.replicas,
    };
  }

  private async provisionStream(definition: StreamDefinition): Promise<void> {
    const config = this.streamConfig(definition);
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
    await provisionPatiently(() => this.provisionConsumer(definition));
    if (definition.stream.storage === 'memory') this.memoryStreamConsumers.set(definition.durableName, definition);
  }

  private consumerConfig(definition: ConsumerDefinition) {
    return {
      durable_name: this.namespace.consumer(definition.durableName),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.namespace.subject(definition.filterSubject),
      ack_wait: nanos(definition.ackWaitMs),
      max_deliver: definition.maxDeliver,
      max_ack_pending: definition.maxAckPending,
    };
  }

  private async provisionConsumer(definition: ConsumerDefinition): Promise<void> {
    const stream = this.namespace.stream(definition.stream.name);
    const durable = this.namespace.consumer(definition.durableName);
    const config = this.consumerConfig(definition);
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
