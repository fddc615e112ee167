import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook request as received. */
export interface ReceivedWebhook {
  headers: IncomingMessage['headers'];
  /** The raw body, exactly as sent (signatures are over these bytes). */
  rawBody: string;
  body: {
    success: boolean;
    type: string;
    id: string;
    data: unknown[];
    metadata: unknown;
    error?: string;
    /** The event's place among its job's events, from 1. */
    sequence?: number;
    /** On a terminal event: the page events recorded before it. */
    pageEvents?: number;
    /** 1 on the first attempt, higher on a retry. */
    attempt?: number;
  };
  /** The status this receiver answered with. */
  answeredStatus: number;
  /** When the body had arrived, and when the answer was sent (later when the receiver delays it). */
  receivedAt: number;
  answeredAt: number;
}

export interface WebhookReceiverOptions {
  /** Milliseconds to wait before answering a request (0 or undefined: at once). */
  answerDelayMs?: (body: ReceivedWebhook['body']) => number | undefined;
}

export interface WebhookReceiver {
  url: string;
  /** Requests in the order their bodies arrived; each is added once answered. */
  received: ReceivedWebhook[];
  /** Answers the next `count` requests with `status` instead of 200. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

/** A loopback HTTP server that records webhook deliveries, can be told to fail some and to answer some slowly. */
export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let failures = 0;
  let failureStatus = 500;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const receivedAt = Date.now();
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(rawBody) as ReceivedWebhook['body'];
      const answeredStatus = failures > 0 ? failureStatus : 200;
      if (failures > 0) failures -= 1;
      const answer = () => {
        received.push({ headers: req.headers, rawBody, body, answeredStatus, receivedAt, answeredAt: Date.now() });
        res.writeHead(answeredStatus, { 'content-type': 'text/plain' });
        res.end('ok');
      };
      const delay = options.answerDelayMs?.(body) ?? 0;
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    failNext(count, status = 500) {
      failures = count;
      failureStatus = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
