import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookSender } from './webhook-sender';

describe('WebhookSender', () => {
  let server: Server;
  let url: string;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let answer = 204;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    answer = 204;
  });

  const attempt = (target: string) => ({
    url: target,
    headers: { 'x-caller': 'yes' },
    body: '{"type":"crawl.page"}',
    secret: 'team-secret',
  });

  it('posts the raw body signed with the team secret, with the caller headers', async () => {
    const sender = new WebhookSender({ allowPrivateTargets: true, timeoutMs: 2_000, userAgent: 'test' });
    await expect(sender.send(attempt(url))).resolves.toEqual({ delivered: true });
    await sender.close();
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.body).toBe('{"type":"crawl.page"}');
    expect(request?.headers['x-caller']).toBe('yes');
    expect(request?.headers['content-type']).toBe('application/json');
    const expected = createHmac('sha256', 'team-secret').update('{"type":"crawl.page"}').digest('hex');
    expect(request?.headers['x-firecrawl-signature']).toBe(`sha256=${expected}`);
  });

  it('reports a non-2xx answer as not delivered', async () => {
    answer = 503;
    const sender = new WebhookSender({ allowPrivateTargets: true, timeoutMs: 2_000, userAgent: 'test' });
    await expect(sender.send(attempt(url))).resolves.toEqual({ delivered: false, error: 'HTTP 503' });
    await sender.close();
  });

  it('refuses private targets like scrape targets, without connecting', async () => {
    const sender = new WebhookSender({ allowPrivateTargets: false, timeoutMs: 2_000, userAgent: 'test' });
    const outcome = await sender.send(attempt(url));
    const localhost = await sender.send(attempt(url.replace('127.0.0.1', 'localhost')));
    await sender.close();
    expect(outcome).toMatchObject({ delivered: false, error: expect.stringMatching(/loopback/) });
    expect(localhost).toMatchObject({ delivered: false, error: expect.stringMatching(/internal/) });
    expect(received).toHaveLength(0);
  });
});
