import { createInbox, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';

/** JetStream drops a second message with the same id inside the stream's duplicate window. */
export const MESSAGE_ID_HEADER = 'Nats-Msg-Id';

/** How long a publish waits for its stream's answer: nats.js's JetStream default. */
export const STORED_ANSWER_TIMEOUT_MS = 5_000;

/**
 * Waits before each new try of a publish that no stream answered (503). A replicated stream answers nothing while its
 * nodes elect a leader after one was lost: 7 s on the three-node cluster of `cluster-faults.e2e-spec` after a kill -9,
 * longer than a scrape job's redeliveries last (250 ms, 1 s, 5 s), so a page whose result could not be stored was
 * fetched four times and dead-lettered, and its crawl never ended. About 12 s of waiting in all; a stream that is
 * missing rather than leaderless is reported that much later.
 */
export const LEADERLESS_RETRY_DELAYS_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000, 4_000];

/** The answer of a JetStream publish that no stream took: no stream has the subject, or its stream has no leader. */
export class NoStreamAnswerError extends Error {
  constructor() {
    super('no stream takes this subject (503)');
  }
}

const decoder = new TextDecoder();

interface Waiting {
  resolve(): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * JetStream publishes whose stream answers arrive on one subscription of the connection, opened on first use. The
 * wire is what nats.js's `jetstream.publish` sends (the message with its `Nats-Msg-Id` and a reply subject; the stream
 * answers there with a JSON PubAck, or a 503 when no stream takes the subject). nats.js makes each one a request, and
 * after every answer its bookkeeping rejects the request's settled promise with a fresh NatsError ("cancelled"),
 * whose stack is captured whatever `noAsyncTraces` says: 1.6-2 % of the gateway's and the worker's CPU under cached
 * hits (docs/benchmarks.md, request path).
 */
export class StoredPublishes {
  private readonly inbox = `${createInbox()}.`;
  private readonly waiting = new Map<string, Waiting>();
  private subscription: Subscription | undefined;
  private sent = 0;

  constructor(
    private readonly connection: NatsConnection,
    private readonly timeoutMs = STORED_ANSWER_TIMEOUT_MS,
    private readonly leaderlessRetryDelaysMs = LEADERLESS_RETRY_DELAYS_MS,
  ) {}

  /**
   * Resolves once the stream stored `body` under `msgId` (or knew it already); rejects when it did not. A publish no
   * stream answered is tried again while its stream may be electing a leader; the message id makes a retry that lands
   * twice one message.
   */
  async publish(subject: string, body: Uint8Array, msgId: string, headers: MsgHdrs): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.publishOnce(subject, body, msgId, headers);
      } catch (error) {
        const delay = this.leaderlessRetryDelaysMs[attempt];
        if (!(error instanceof NoStreamAnswerError) || delay === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private publishOnce(subject: string, body: Uint8Array, msgId: string, headers: MsgHdrs): Promise<void> {
    this.listen();
    headers.set(MESSAGE_ID_HEADER, msgId);
    this.sent += 1;
    const token = this.sent.toString(36);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(token, new Error(`no answer from a stream within ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
      this.waiting.set(token, { resolve, reject, timer });
      try {
        this.connection.publish(subject, body, { reply: this.inbox + token, headers });
      } catch (error) {
        this.settle(token, error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private listen(): void {
    this.subscription ??= this.connection.subscribe(`${this.inbox}*`, {
      callback: (error, answer) => {
        if (!error) this.settle(answer.subject.slice(this.inbox.length), storeFailure(answer));
      },
    });
  }

  private settle(token: string, failure: Error | undefined): void {
    const waiting = this.waiting.get(token);
    if (!waiting) return;
    this.waiting.delete(token);
    clearTimeout(waiting.timer);
    if (failure) waiting.reject(failure);
    else waiting.resolve();
  }
}

/** Why the stream's answer says the message was not stored, or undefined when it was. */
export function storeFailure(answer: Pick<Msg, 'data' | 'headers'>): Error | undefined {
  if (answer.data.length === 0) {
    const code = answer.headers?.code ?? 0;
    return code === 503 ? new NoStreamAnswerError() : new Error(`stream answered with status ${code}`);
  }
  let acknowledgement: { stream?: string; error?: { code?: number; description?: string } };
  try {
    acknowledgement = JSON.parse(decoder.decode(answer.data)) as typeof acknowledgement;
  } catch {
    return new Error('the stream’s answer is not JSON');
  }
  if (acknowledgement.error) {
    const { code, description } = acknowledgement.error;
    return new Error(`the stream refused the message: ${description ?? 'no reason given'} (${code ?? 'no code'})`);
  }
  return acknowledgement.stream ? undefined : new Error('the stream’s answer names no stream');
}
