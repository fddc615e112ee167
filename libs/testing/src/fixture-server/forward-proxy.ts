import { createServer, request as httpRequest } from 'node:http';
import { listenOnLoopback } from './loopback-listener';

/** A running forward proxy on loopback. */
export interface ForwardProxy {
  /** `http://[user:pass@]127.0.0.1:<port>`. */
  url: string;
  /** Requests it forwarded. */
  forwarded(): number;
  close(): Promise<void>;
}

export interface ForwardProxyOptions {
  /** Sent to the target in `x-proxied-by`, so a fixture page can tell which proxy a request came through. */
  name: string;
  /** When set, requests without these Basic credentials get 407. */
  credentials?: { username: string; password: string };
}

/**
 * A plain HTTP forward proxy (absolute-form requests, no CONNECT) that marks what it forwards: enough for tests
 * of proxy pools against the fixture sites.
 */
export async function startForwardProxy(options: ForwardProxyOptions): Promise<ForwardProxy> {
  let forwarded = 0;
  const expected = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`
    : undefined;
  const server = createServer((req, res) => {
    if (expected && req.headers['proxy-authorization'] !== expected) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="fixture proxy"', 'content-length': '0' });
      res.end();
      return;
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400, { 'content-length': '0' });
      res.end();
      return;
    }
    forwarded += 1;
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, 'x-proxied-by': options.name };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-length': '0' });
      res.end();
    });
    req.pipe(upstream);
  });
  const { port, close } = await listenOnLoopback(server);
  const auth = options.credentials ? `${options.credentials.username}:${options.credentials.password}@` : '';
  return {
    url: `http://${auth}127.0.0.1:${port}`,
    forwarded: () => forwarded,
    close,
  };
}
