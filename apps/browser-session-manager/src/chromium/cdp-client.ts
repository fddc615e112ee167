import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { frameBuffer } from '../sessions/socket-flow';

interface Pending {
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
}

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

/**
 * The replica's own DevTools connection to one browser: screencast, input, cookies and Browser.close.
 * Clients get connections of their own; this one never carries their commands.
 */
export class CdpClient extends EventEmitter<{ event: [CdpEvent]; close: [] }> {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private constructor(private readonly socket: WebSocket) {
    super();
    socket.on('message', (data) => this.onMessage(frameBuffer(data).toString()));
    socket.on('close', () => {
      for (const waiter of this.pending.values()) waiter.reject(new Error('DevTools connection closed'));
      this.pending.clear();
      this.emit('close');
    });
    socket.on('error', () => undefined);
  }

  static async connect(url: string): Promise<CdpClient> {
    const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new CdpClient(socket);
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    if (this.socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('DevTools connection closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params }));
    });
  }

  close(): void {
    this.socket.close();
  }

  private onMessage(text: string): void {
    const message = JSON.parse(text) as {
      id?: number;
      result?: Record<string, unknown>;
      error?: { message: string };
      method?: string;
      params?: Record<string, unknown>;
      sessionId?: string;
    };
    if (message.id !== undefined) {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result ?? {});
      return;
    }
    if (message.method)
      this.emit('event', { method: message.method, params: message.params ?? {}, sessionId: message.sessionId });
  }
}
