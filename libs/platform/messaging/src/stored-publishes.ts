import { createInbox, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';

/** JetStream drops a second message with the same id inside the stream's duplicate window. */
export const MESSAGE_ID_HEADER = 'Nats-Msg-Id';

/** How long a publish waits for its stream's answer: nats.js's JetStream default. */
export const STORED_ANSWER_TIMEOUT_MS = 5_000;

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
  ) {}

  /** Resolves once the stream stored `body` under `msgId` (or knew it already); rejects when it did not. */
  publish(subject: string, body: Uint8Array, msgId: string, headers: MsgHdrs): Promise<void> {
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
    return new Error(code === 503 ? 'no stream takes this subject (503)' : `stream answered with status ${code}`);
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
