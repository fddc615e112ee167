import WebSocket from 'ws';
import { callApi, type StackDescription } from '@wh/testing';

export interface CreatedSession {
  id: string;
  cdpUrl: string;
  liveViewUrl: string;
  interactiveLiveViewUrl: string;
  expiresAt: string;
}

type Caller = Pick<StackDescription, 'baseUrl' | 'apiKey'>;

/** POST /v2/browser, expecting success. */
export async function createSession(stack: Caller, body: Record<string, unknown> = {}): Promise<CreatedSession> {
  const response = await callApi(stack, 'POST', '/v2/browser', body);
  if (response.status !== 200)
    throw new Error(`POST /v2/browser answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as unknown as CreatedSession;
}

export async function deleteSession(stack: Caller, id: string): Promise<Record<string, unknown>> {
  return (await callApi(stack, 'DELETE', `/v2/browser/${id}`)).body;
}

/** Opens a WebSocket and resolves once it is open, or rejects with the HTTP status it was refused with. */
export function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { maxPayload: 256 * 1024 * 1024 });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused with HTTP ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

/** The status an upgrade attempt is refused with (the socket must not open). */
export function refusedStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => {
      socket.close();
      reject(new Error('the socket opened'));
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', () => undefined);
  });
}

export function closeOf(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
}

/** Sends one raw CDP command and waits for its answer. */
export function cdpCall(
  socket: WebSocket,
  id: number,
  method: string,
  params: Record<string, unknown> = {},
  sessionId?: string,
): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData): void => {
      const message = JSON.parse((data as Buffer).toString()) as Record<string, unknown>;
      if (message.id !== id) return;
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params }));
  });
}
