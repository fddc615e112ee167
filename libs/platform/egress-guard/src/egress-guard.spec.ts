import { createServer as createHttpServer, request as httpRequest, type Server as HttpServer } from 'node:http';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import type { Resolver } from '@wh/platform/target-safety';
import { EgressGuard, type EgressGuardSettings } from './egress-guard';
import { guardRefusalOf } from './proxy-status';

/** A loopback TCP server counting every connection: what no refused request may ever reach. */
async function startCanary(): Promise<{ port: number; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = createServer((socket) => {
    hits += 1;
    socket.end('HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\ncanary');
  });
  const port = await listen(server);
  return { port, hits: () => hits, close: () => closeServer(server) };
}

/** A site answering every request with what it received, standing in for a public host behind the upstream. */
async function startSite(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createHttpServer((request, response) => {
    response.setHeader('content-type', 'text/plain');
    response.end(`${request.method} ${request.url} host=${request.headers.host ?? ''}`);
  });
  return { port: await listen(server), close: () => closeServer(server) };
}

interface TestUpstream {
  port: number;
  /** The CONNECT targets it was asked for, in order. */
  targets: string[];
  close: () => Promise<void>;
}

/**
 * An operator's proxy: records each CONNECT target and tunnels every one to the test site, whatever address it
 * names. With `credentials`, a CONNECT without them is answered 407, as a proxy asking for a login does.
 */
async function startUpstream(sitePort: number, credentials?: string): Promise<TestUpstream> {
  const targets: string[] = [];
  const server = createServer((client) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      client.off('data', onData);
      const head = received.subarray(0, end).toString('latin1');
      targets.push(/^CONNECT (\S+) /.exec(head)?.[1] ?? head);
      if (credentials && !head.includes(`Proxy-Authorization: ${credentials}`)) {
        const body = 'log in first';
        client.end(
          `HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n` +
            `Content-Length: ${body.length}\r\n\r\n${body}`,
        );
        return;
      }
      const site = connect({ host: '127.0.0.1', port: sitePort }, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        site.write(received.subarray(end + 4));
        site.pipe(client);
        client.pipe(site);
      });
      site.on('error', () => client.destroy());
      client.on('error', () => site.destroy());
    };
    client.on('data', onData);
  });
  const port = await listen(server);
  return { port, targets, close: () => closeServer(server) };
}

function listen(server: Server | HttpServer): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closeServer(server: Server | HttpServer): Promise<void> {
  if ('closeAllConnections' in server) server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A resolver answering from a table, counting how often each name was asked for. */
function tableResolver(table: Record<string, string[]>): Resolver & { asked: Map<string, number> } {
  const asked = new Map<string, number>();
  const resolver: Resolver = (hostname, _options, callback) => {
    asked.set(hostname, (asked.get(hostname) ?? 0) + 1);
    const answers = table[hostname];
    if (!answers) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
      return;
    }
    callback(
      null,
      answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return Object.assign(resolver, { asked });
}

interface ConnectAnswer {
  status: number;
  head: string;
  socket: Socket;
}

/** Sends a CONNECT to the guard and reads its answer's head (and any body that came with it). */
function sendConnect(guard: EgressGuard, authority: string, extraHeaders = ''): Promise<ConnectAnswer> {
  const [host = '', port = ''] = guard.proxyServer.split(':');
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port: Number(port) }, () => {
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${extraHeaders}\r\n`);
    });
    let received = '';
    const onData = (chunk: Buffer): void => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]);
      const lengthHeader = /content-length: (\d+)/i.exec(received)?.[1];
      if (lengthHeader !== undefined && received.length < end + 4 + Number(lengthHeader)) return;
      socket.off('data', onData);
      resolve({ status, head: received, socket });
    };
    socket.on('data', onData);
    socket.on('error', reject);
  });
}

/** Sends a plainly proxied GET for an absolute URL to the guard. */
function proxiedGet(
  guard: EgressGuard,
  url: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const [host = '', port = ''] = guard.proxyServer.split(':');
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host, port: Number(port), path: url, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Writes one request inside an open tunnel and reads until the site closes or answers. */
function requestThroughTunnel(socket: Socket, hostHeader: string): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (/\r\n\r\n.+/s.test(received) && /host=/.test(received)) resolve(received);
    });
    socket.write(`GET /inside HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`);
  });
}

describe('EgressGuard', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function startGuard(settings: EgressGuardSettings): Promise<EgressGuard> {
    const guard = await EgressGuard.start(settings);
    cleanups.push(() => guard.close());
    return guard;
  }

  async function canary(): Promise<Awaited<ReturnType<typeof startCanary>>> {
    const started = await startCanary();
    cleanups.push(started.close);
    return started;
  }

  describe('refuses non-public destinations without connecting to them', () => {
    const loopbackSpellings = [
      '127.0.0.1',
      '127.1',
      '0x7f.1',
      '2130706433',
      '0177.0.0.1',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '0.0.0.0',
      'localhost',
      'loopback.example',
      'mixed.example',
    ];
    const resolver = tableResolver({
      'loopback.example': ['127.0.0.1'],
      // One bad answer is enough: the browser might pick it.
      'mixed.example': ['93.184.216.34', '127.0.0.1'],
    });

    it.each(loopbackSpellings)('CONNECT to %s is a 403 that names the reason', async (host) => {
      const target = await canary();
      const refusals: string[] = [];
      const guard = await startGuard({ resolver, onRefusal: (refusal) => refusals.push(refusal.destination) });
      const answer = await sendConnect(guard, `${host}:${target.port}`);
      answer.socket.destroy();
      expect(answer.status).toBe(403);
      expect(answer.head).toMatch(/Proxy-Status: webharvest-egress; error=destination_ip_prohibited/);
      expect(answer.head).toMatch(/cannot be scraped/);
      expect(refusals).toEqual([`${host}:${target.port}`]);
      expect(target.hits()).toBe(0);
    });

    it.each(loopbackSpellings)('a proxied GET of http://%s is a 403 that names the reason', async (host) => {
      const target = await canary();
      const guard = await startGuard({ resolver });
      const answer = await proxiedGet(guard, `http://${host}:${target.port}/secret`);
      expect(answer.status).toBe(403);
      expect(guardRefusalOf(answer.headers)).toEqual({
        kind: 'destination_ip_prohibited',
        details: expect.stringContaining('cannot be scraped'),
      });
      expect(target.hits()).toBe(0);
    });

    it('refuses the cloud metadata address and private networks', async () => {
      const guard = await startGuard({ resolver });
      for (const host of ['169.254.169.254:80', '10.0.0.1:80', '[fd00::1]:443', 'metadata.google.internal:80']) {
        const answer = await sendConnect(guard, host);
        answer.socket.destroy();
        expect({ host, status: answer.status }).toEqual({ host, status: 403 });
      }
    });

    it('answers a name that does not resolve with a 502 dns_error, which is no refusal to report', async () => {
      const refusals: string[] = [];
      const guard = await startGuard({ resolver, onRefusal: (refusal) => refusals.push(refusal.destination) });
      const answer = await sendConnect(guard, 'nowhere.example:443');
      answer.socket.destroy();
      expect(answer.status).toBe(502);
      expect(answer.head).toMatch(/error=dns_error/);
      expect(refusals).toEqual([]);
    });
  });

  describe('through an upstream proxy', () => {
    async function siteAndUpstream(credentials?: string): Promise<TestUpstream> {
      const site = await startSite();
      cleanups.push(site.close);
      const upstream = await startUpstream(site.port, credentials);
      cleanups.push(upstream.close);
      return upstream;
    }

    it('tunnels a CONNECT to the address it checked, resolving the name once', async () => {
      const upstream = await siteAndUpstream();
      const resolver = tableResolver({ 'public.example': ['93.184.216.34'] });
      const guard = await startGuard({ resolver, upstream: { host: '127.0.0.1', port: upstream.port } });
      const answer = await sendConnect(guard, 'public.example:443');
      expect(answer.status).toBe(200);
      const inside = await requestThroughTunnel(answer.socket, 'public.example');
      answer.socket.destroy();
      expect(inside).toContain('GET /inside host=public.example');
      expect(upstream.targets).toEqual(['93.184.216.34:443']);
      expect(resolver.asked.get('public.example')).toBe(1);
    });

    it('sends a plain request to the checked address with the Host of its URL', async () => {
      const upstream = await siteAndUpstream();
      const resolver = tableResolver({ 'public.example': ['2606:2800:220:1:248:1893:25c8:1946'] });
      const guard = await startGuard({ resolver, upstream: { host: '127.0.0.1', port: upstream.port } });
      const answer = await proxiedGet(guard, 'http://public.example:8080/page?q=1');
      expect(answer.status).toBe(200);
      expect(answer.body).toBe('GET /page?q=1 host=public.example:8080');
      expect(upstream.targets).toEqual(['[2606:2800:220:1:248:1893:25c8:1946]:8080']);
    });

    it('keeps to the first answer when the name later resolves to loopback (DNS rebinding)', async () => {
      const upstream = await siteAndUpstream();
      let calls = 0;
      const rebinding: Resolver = (_hostname, _options, callback) => {
        calls += 1;
        const address = calls === 1 ? '93.184.216.34' : '127.0.0.1';
        callback(null, [{ address, family: 4 }]);
      };
      const guard = await startGuard({ resolver: rebinding, upstream: { host: '127.0.0.1', port: upstream.port } });
      const first = await proxiedGet(guard, 'http://rebind.example/');
      const second = await proxiedGet(guard, 'http://rebind.example/');
      expect(first.status).toBe(200);
      expect(second.status).toBe(403);
      expect(upstream.targets).toEqual(['93.184.216.34:80']);
    });

    it('refuses a non-public destination before asking the upstream', async () => {
      const upstream = await siteAndUpstream();
      const guard = await startGuard({ upstream: { host: '127.0.0.1', port: upstream.port } });
      const answer = await sendConnect(guard, '127.0.0.1:443');
      answer.socket.destroy();
      expect(answer.status).toBe(403);
      expect(upstream.targets).toEqual([]);
    });

    it("relays the upstream's credential challenge and passes the browser's answer on", async () => {
      const upstream = await siteAndUpstream('Basic dXNlcjpwYXNz');
      const resolver = tableResolver({ 'public.example': ['93.184.216.34'] });
      const guard = await startGuard({ resolver, upstream: { host: '127.0.0.1', port: upstream.port } });
      const challenged = await sendConnect(guard, 'public.example:443');
      challenged.socket.destroy();
      expect(challenged.status).toBe(407);
      expect(challenged.head).toMatch(/Proxy-Authenticate: Basic realm="test"/);
      expect(challenged.head).toMatch(/log in first$/);
      const admitted = await sendConnect(guard, 'public.example:443', 'Proxy-Authorization: Basic dXNlcjpwYXNz\r\n');
      admitted.socket.destroy();
      expect(admitted.status).toBe(200);
    });
  });
});
