import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook request as received. */
export interface ReceivedWebhook {
  headers: IncomingMessage['headers'];
  /** The raw body, exactly as sent (signatures are over these bytes). */
  rawBody: string;
  body: { success: boolean; type: string; id: string; data: unknown[]; metadata: unknown; error?: string };
  /** The status this receiver answered with. */
  answeredStatus: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Answers the next `count` requests with `status` instead of 200. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

/** A loopback HTTP server that records webhook deliveries and can be told to fail some. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let failures = 0;
  let failureStatus = 500;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const answeredStatus = failures > 0 ? failureStatus : 200;
      if (failures > 0) failures -= 1;
      received.push({
        headers: req.headers,
        rawBody,
        body: JSON.parse(rawBody) as ReceivedWebhook['body'],
        answeredStatus,
      });
      res.writeHead(answeredStatus, { 'content-type': 'text/plain' });
      res.end('ok');
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
