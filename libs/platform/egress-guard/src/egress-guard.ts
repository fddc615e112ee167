import {
  Agent,
  createServer,
  type IncomingMessage,
  request as httpRequest,
  type Server,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type Resolver, systemResolver } from '@wh/platform/target-safety';
import { type CheckedAddress, checkDestination, type Destination, EgressRefusal, parseAuthority } from './destination';
import { endToEndHeaders } from './hop-headers';
import { proxyStatus } from './proxy-status';
import { openUpstreamTunnel, type UpstreamAnswer, type UpstreamProxy } from './upstream-tunnel';

export interface EgressGuardSettings {
  /** How names are resolved; the system resolver unless a test maps names (host resolver rules). */
  resolver?: Resolver;
  /** An operator's proxy every checked connection goes out through; direct connections otherwise. */
  upstream?: UpstreamProxy;
  /** Told about every destination refused by the address rules (not names that fail to resolve), for the log. */
  onRefusal?: (refusal: { destination: string; reason: string }) => void;
}

function connectTo(target: CheckedAddress, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    // An address literal: net.connect does no lookup, so the checked address is the one connected to.
    const socket = connect({ host: target.address, port, family: target.family });
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

function rawAnswer(status: number, reason: string, headerLines: string[], body: Buffer): Buffer {
  const head = [`HTTP/1.1 ${status} ${reason}`, ...headerLines, `Content-Length: ${body.length}`, 'Connection: close'];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

function refusalAnswer(refusal: EgressRefusal): Buffer {
  return rawAnswer(
    refusal.httpStatus,
    refusal.httpStatus === 403 ? 'Forbidden' : refusal.httpStatus === 502 ? 'Bad Gateway' : 'Bad Request',
    ['Content-Type: text/plain; charset=utf-8', `Proxy-Status: ${proxyStatus(refusal.proxyStatus, refusal.message)}`],
    Buffer.from(refusal.message, 'utf8'),
  );
}

function upstreamAnswerHead(answer: UpstreamAnswer): string[] {
  return answer.headerLines.filter(
    (line) => !/^(content-length|connection|proxy-connection|keep-alive|transfer-encoding):/i.test(line),
  );
}

/**
 * A forwarding HTTP proxy on loopback that a browser sends all its traffic through. For each CONNECT tunnel and
 * each plainly proxied request it resolves the host once, refuses it unless every address is public (the
 * platform's target rules), and connects to exactly the address it checked, so neither a page nor a DNS answer
 * that changes between check and connect (rebinding) reaches loopback, private, link-local or metadata addresses.
 * Refusals are 403 answers with an RFC 9209 `Proxy-Status` naming the reason.
 */
export class EgressGuard {
  private readonly sockets = new Set<Socket>();
  private readonly agent = new Agent({ keepAlive: true });

  private constructor(
    private readonly server: Server,
    private readonly settings: EgressGuardSettings,
  ) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('connect', (request: IncomingMessage, client: Duplex, head: Buffer) => {
      void this.tunnel(request, client as Socket, head);
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      void this.forward(request, response);
    });
  }

  /** Starts a guard listening on a free loopback port. */
  static async start(settings: EgressGuardSettings = {}): Promise<EgressGuard> {
    const server = createServer();
    const guard = new EgressGuard(server, settings);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    return guard;
  }

  /** `127.0.0.1:<port>`, as Chromium's `--proxy-server` takes it. */
  get proxyServer(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Stops listening and cuts every connection still open through the guard. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    await closed;
  }

  private async check(destination: Destination): Promise<CheckedAddress> {
    try {
      return await checkDestination(destination, this.settings.resolver ?? systemResolver);
    } catch (error) {
      if (error instanceof EgressRefusal && error.proxyStatus === 'destination_ip_prohibited') {
        this.settings.onRefusal?.({ destination: `${destination.host}:${destination.port}`, reason: error.message });
      }
      throw error;
    }
  }

  private async tunnel(request: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
    client.on('error', () => client.destroy());
    let remote: Socket;
    try {
      const destination = parseAuthority(request.url ?? '');
      const target = await this.check(destination);
      const { upstream } = this.settings;
      if (upstream) {
        const outcome = await openUpstreamTunnel(
          upstream,
          target,
          destination.port,
          request.headers['proxy-authorization'],
        );
        if (outcome.kind === 'answered') {
          const { answer } = outcome;
          client.end(rawAnswer(answer.status, 'Upstream Proxy', upstreamAnswerHead(answer), answer.body));
          return;
        }
        remote = outcome.socket;
        if (outcome.head.length > 0) client.write(outcome.head);
      } else {
        remote = await connectTo(target, destination.port);
      }
    } catch (error) {
      client.end(refusalAnswer(asRefusal(error)));
      return;
    }
    if (client.destroyed) {
      remote.destroy();
      return;
    }
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) remote.write(head);
    remote.on('error', () => client.destroy());
    client.on('close', () => remote.destroy());
    remote.on('close', () => client.destroy());
    remote.pipe(client);
    client.pipe(remote);
  }

  private async forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refuse = (refusal: EgressRefusal): void => {
      response.writeHead(refusal.httpStatus, {
        'content-type': 'text/plain; charset=utf-8',
        'proxy-status': proxyStatus(refusal.proxyStatus, refusal.message),
        connection: 'close',
      });
      response.end(refusal.message);
    };
    let url: URL;
    try {
      url = new URL(request.url ?? '');
    } catch {
      refuse(new EgressRefusal('http_request_error', 'A proxied request must name an absolute http URL'));
      return;
    }
    if (url.protocol !== 'http:') {
      refuse(new EgressRefusal('http_request_error', `${url.protocol} requests are not proxied`));
      return;
    }
    const port = Number(url.port || 80);
    let createConnection: (() => Socket) | undefined;
    let target: CheckedAddress;
    try {
      target = await this.check({ host: url.hostname, port });
      const { upstream } = this.settings;
      if (upstream) {
        const outcome = await openUpstreamTunnel(upstream, target, port, request.headers['proxy-authorization']);
        if (outcome.kind === 'answered') {
          const { answer } = outcome;
          response.writeHead(answer.status, upstreamAnswerHead(answer).map(splitHeaderLine).flat());
          response.end(answer.body);
          return;
        }
        const tunnel = outcome.socket;
        if (outcome.head.length > 0) tunnel.unshift(outcome.head);
        createConnection = () => tunnel;
      }
    } catch (error) {
      refuse(asRefusal(error));
      return;
    }
    const outgoing = httpRequest({
      host: target.address,
      family: target.family,
      port,
      method: request.method,
      path: `${url.pathname}${url.search}`,
      // RFC 9112 section 3.2.2: a proxy takes the Host of an absolute-form request from its target.
      headers: [...withoutHost(endToEndHeaders(request.rawHeaders)), 'Host', url.host],
      setHost: false,
      // Without an agent, Node uses createConnection: the tunnel. An agent would dial the address itself.
      ...(createConnection ? { createConnection } : { agent: this.agent }),
    });
    outgoing.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEndHeaders(answer.rawHeaders));
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    outgoing.on('error', (error) => {
      if (response.headersSent) response.destroy();
      else refuse(new EgressRefusal('connection_refused', `The connection to ${url.host} failed: ${error.message}`));
    });
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    request.pipe(outgoing);
  }
}

function withoutHost(rawHeaders: string[]): string[] {
  return rawHeaders.filter((_value, index, all) => (all[index - (index % 2)] ?? '').toLowerCase() !== 'host');
}

function splitHeaderLine(line: string): string[] {
  const colon = line.indexOf(':');
  return colon === -1 ? [] : [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
}

function asRefusal(error: unknown): EgressRefusal {
  if (error instanceof EgressRefusal) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new EgressRefusal('connection_refused', `The connection failed: ${message}`);
}
