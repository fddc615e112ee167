import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import { type BrowserAccess, type BrowserSessionAuthorizeReply, ErrorCode, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { Logger } from '@wh/platform/logging';
import type { NatsRequester } from '@wh/platform/messaging';
import { refuseUpgrade, type WebSocketRoute } from '../websocket/websocket-upgrade-registry';
import { CDP_SOCKET_PATH, LIVE_SOCKET_PATH } from './browser-urls';
import { MAX_FRAME_BYTES, pipeSockets } from './socket-pipe';

/** Header in which the replica receives the hash of the token the gateway accepted. */
const TOKEN_HASH_HEADER = 'x-wh-token-hash';
const AUTHORIZE_TIMEOUT_MS = 5_000;
const REPLICA_CONNECT_TIMEOUT_MS = 10_000;

/**
 * The CDP and live-view sockets of browser sessions. The token is checked (its hash, over NATS) before the
 * upgrade; only then is the socket piped to the replica that runs the browser. Tokens never reach a log: only
 * paths without their query are logged.
 */
export class SessionSocketRoute implements WebSocketRoute {
  private readonly sockets = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_FRAME_BYTES,
  });

  constructor(
    private readonly requester: NatsRequester,
    private readonly logger: Logger,
  ) {}

  matches(pathname: string): boolean {
    return CDP_SOCKET_PATH.test(pathname) || LIVE_SOCKET_PATH.test(pathname);
  }

  async handle(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://gateway');
    const cdp = CDP_SOCKET_PATH.exec(url.pathname);
    const sessionId = (cdp ?? LIVE_SOCKET_PATH.exec(url.pathname))?.[1] ?? '';
    const token = url.searchParams.get('token') ?? '';
    if (!token) return refuseUpgrade(socket, 401, ErrorCode.Unauthorized, 'Missing session token');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    let granted: BrowserSessionAuthorizeReply;
    try {
      granted = await this.requester.request(
        Subjects.browserSessionAuthorize,
        { sessionId, tokenHash },
        AUTHORIZE_TIMEOUT_MS,
      );
    } catch (error) {
      const code = error instanceof DomainError ? error.code : ErrorCode.Internal;
      if (code === ErrorCode.NotFound) return refuseUpgrade(socket, 404, code, 'Browser session not found or ended');
      if (code === ErrorCode.Unauthorized) return refuseUpgrade(socket, 401, code, 'Invalid session token');
      this.logger.warn({ err: error, path: url.pathname }, 'session socket not authorized: control plane unavailable');
      return refuseUpgrade(socket, 503, ErrorCode.ServiceUnavailable, 'Browser sessions are unavailable');
    }
    const wanted: BrowserAccess[] = cdp ? ['cdp'] : ['view', 'interactive'];
    if (!wanted.includes(granted.access)) {
      return refuseUpgrade(socket, 401, ErrorCode.Unauthorized, 'This token does not open this socket');
    }
    this.connect(request, socket, head, sessionId, granted, tokenHash);
  }

  private connect(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    sessionId: string,
    granted: BrowserSessionAuthorizeReply,
    tokenHash: string,
  ): void {
    const target = new URL(`/internal/browser-sessions/${sessionId}/${granted.access}`, granted.replicaEndpoint);
    target.protocol = target.protocol === 'https:' ? 'wss:' : 'ws:';
    const replica = new WebSocket(target, {
      headers: { [TOKEN_HASH_HEADER]: tokenHash },
      perMessageDeflate: false,
      maxPayload: MAX_FRAME_BYTES,
      handshakeTimeout: REPLICA_CONNECT_TIMEOUT_MS,
    });
    const fail = (status: number, code: ErrorCode, message: string): void => {
      replica.removeAllListeners();
      replica.on('error', () => undefined);
      replica.terminate();
      refuseUpgrade(socket, status, code, message);
    };
    replica.once('unexpected-response', (_request, response) => {
      if (response.statusCode === 404) fail(404, ErrorCode.NotFound, 'Browser session not found or ended');
      else fail(502, ErrorCode.ServiceUnavailable, 'The browser host refused the connection');
    });
    replica.once('error', (error) => {
      this.logger.warn({ err: error, sessionId }, 'browser host unreachable');
      fail(502, ErrorCode.ServiceUnavailable, 'The browser host is unreachable');
    });
    replica.once('open', () => {
      replica.removeAllListeners('error');
      this.sockets.handleUpgrade(request, socket, head, (client) => pipeSockets(client, replica));
    });
    socket.once('close', () => {
      if (replica.readyState === WebSocket.CONNECTING) replica.terminate();
    });
  }
}
