import WebSocket from 'ws';
import { type CdpCommand, type CommandPolicyOptions, judgeCommand } from './command-policy';
import { frameBuffer, MAX_FRAME_BYTES, sendWithBackpressure } from './socket-flow';

/** What the session learns from a client connection. */
export interface CdpBridgeHooks {
  /** A client command arrived (activity). */
  onCommand(): void;
  /** Number of this client's commands Chromium has not answered yet changed. */
  onPendingChange(delta: number): void;
  /** The client asked for Browser.close: end the session. */
  onBrowserClose(): void;
  /** The DevTools socket to Chromium closed under the client (usually: the browser died). */
  onBrowserConnectionLost(): void;
  onClosed(): void;
}

/** Commands queued for judging before the client socket is paused. */
const MAX_QUEUED_COMMANDS = 64;

/**
 * One client's CDP connection: its own DevTools socket to Chromium, every client command judged before it is
 * forwarded, answers and events passed back unchanged.
 */
export class CdpBridge {
  private readonly upstream: WebSocket;
  private readonly pendingIds = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private closed = false;

  constructor(
    private readonly client: WebSocket,
    browserWsUrl: string,
    private readonly policy: CommandPolicyOptions,
    private readonly hooks: CdpBridgeHooks,
  ) {
    client.pause();
    this.upstream = new WebSocket(browserWsUrl, { perMessageDeflate: false, maxPayload: MAX_FRAME_BYTES });
    this.upstream.on('open', () => client.resume());
    this.upstream.on('message', (data, binary) => this.fromBrowser(data, binary));
    this.upstream.on('close', () => {
      if (!this.closed) this.hooks.onBrowserConnectionLost();
    });
    this.upstream.on('error', () => undefined);
    client.on('message', (data, binary) => this.enqueue(data, binary));
    client.on('close', () => this.close(1000, 'client closed'));
    client.on('error', () => this.close(1011, 'client socket failed'));
  }

  /** Ends this connection; the session calls it with the reason the session ended. */
  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.pendingIds.size > 0) this.hooks.onPendingChange(-this.pendingIds.size);
    this.pendingIds.clear();
    if (this.client.readyState === WebSocket.OPEN || this.client.readyState === WebSocket.CONNECTING)
      this.client.close(code, reason);
    if (this.upstream.readyState === WebSocket.OPEN) this.upstream.close();
    else if (this.upstream.readyState === WebSocket.CONNECTING) this.upstream.terminate();
    this.hooks.onClosed();
  }

  private enqueue(data: WebSocket.RawData, binary: boolean): void {
    this.queued += 1;
    if (this.queued > MAX_QUEUED_COMMANDS) this.client.pause();
    this.queue = this.queue.then(async () => {
      await this.fromClient(data, binary);
      this.queued -= 1;
      if (this.client.isPaused && this.queued <= MAX_QUEUED_COMMANDS / 2 && this.upstream.bufferedAmount === 0)
        this.client.resume();
    });
  }

  private async fromClient(data: WebSocket.RawData, binary: boolean): Promise<void> {
    if (this.closed) return;
    let command: CdpCommand;
    try {
      command = JSON.parse(frameBuffer(data).toString()) as CdpCommand;
    } catch {
      this.close(1007, 'CDP messages must be JSON');
      return;
    }
    if (typeof command.id !== 'number' || typeof command.method !== 'string') {
      this.close(1007, 'CDP commands need a numeric id and a method');
      return;
    }
    this.hooks.onCommand();
    const verdict = await judgeCommand(command, this.policy);
    if (this.closed) return;
    if (verdict.kind === 'refuse') {
      this.reply(command, { error: { code: -32000, message: verdict.reason } });
      return;
    }
    if (verdict.kind === 'end-session') {
      this.reply(command, { result: {} });
      this.hooks.onBrowserClose();
      return;
    }
    this.pendingIds.add(pendingKey(command.sessionId, command.id));
    this.hooks.onPendingChange(1);
    const forwarded = verdict.kind === 'rewrite' ? JSON.stringify({ ...command, params: verdict.params }) : data;
    sendWithBackpressure(this.client, this.upstream, forwarded, verdict.kind === 'rewrite' ? false : binary);
  }

  private fromBrowser(data: WebSocket.RawData, binary: boolean): void {
    if (this.closed) return;
    const answered = answeredKey(data);
    if (answered !== undefined && this.pendingIds.delete(answered)) this.hooks.onPendingChange(-1);
    sendWithBackpressure(this.upstream, this.client, data, binary);
  }

  private reply(command: CdpCommand, body: Record<string, unknown>): void {
    const message = command.sessionId
      ? { id: command.id, sessionId: command.sessionId, ...body }
      : { id: command.id, ...body };
    if (this.client.readyState === WebSocket.OPEN) this.client.send(JSON.stringify(message));
  }
}

function pendingKey(sessionId: string | undefined, id: number): string {
  return `${sessionId ?? ''}:${id}`;
}

/** Messages up to this size are parsed to find the answered command; larger ones are read at their ends. */
const PARSE_LIMIT_BYTES = 1024 * 1024;

/**
 * The command a browser message answers, if it is an answer (events carry no id). Multi-megabyte answers
 * (screenshots) are not parsed a second time: Chromium writes `{"id":N,` first and `"sessionId":"..."}` last.
 */
function answeredKey(data: WebSocket.RawData): string | undefined {
  const buffer = frameBuffer(data);
  if (buffer.length <= PARSE_LIMIT_BYTES) {
    const message = JSON.parse(buffer.toString()) as { id?: unknown; sessionId?: unknown };
    if (typeof message.id !== 'number') return undefined;
    return pendingKey(typeof message.sessionId === 'string' ? message.sessionId : undefined, message.id);
  }
  const idMatch = /^\{"id":(\d+)/.exec(buffer.subarray(0, 32).toString());
  if (!idMatch) return undefined;
  const sessionMatch = /"sessionId":"([0-9A-Fa-f]+)"\}$/.exec(
    buffer.subarray(Math.max(0, buffer.length - 96)).toString(),
  );
  return pendingKey(sessionMatch?.[1], Number(idMatch[1]));
}
