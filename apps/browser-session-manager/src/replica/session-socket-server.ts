import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { WebSocketServer } from 'ws';
import type { BrowserAccess } from '@wh/contracts';
import { SessionHost } from '../sessions/session-host';
import { MAX_FRAME_BYTES } from '../sessions/socket-flow';

/** Header in which the gateway forwards the SHA-256 of the token it accepted. */
export const TOKEN_HASH_HEADER = 'x-wh-token-hash';

const SESSION_SOCKET_PATH = /^\/internal\/browser-sessions\/([0-9a-f-]{36})\/(cdp|view|interactive)$/;

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function sameHash(expected: string | null, offered: string): boolean {
  if (!expected || expected.length !== offered.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(offered));
}

/**
 * The replica's own WebSocket endpoint for the byte streams of its sessions (CDP and live view). Only the
 * gateway connects here, after checking the client's token; it forwards the token's hash, checked again here
 * against the session, so knowing a session id is not enough to reach a browser.
 */
@Injectable()
export class SessionSocketServer {
  private readonly sockets = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_FRAME_BYTES,
  });

  constructor(@Inject(SessionHost) private readonly host: SessionHost) {}

  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.upgrade(request, socket, head),
    );
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const match = SESSION_SOCKET_PATH.exec(new URL(request.url ?? '/', 'http://replica').pathname);
    if (!match?.[1] || !match[2]) return refuse(socket, 404, 'Not Found');
    const runtime = this.host.runtime(match[1]);
    if (!runtime || runtime.isEnding) return refuse(socket, 404, 'Not Found');
    const access = match[2] as BrowserAccess;
    const offered = request.headers[TOKEN_HASH_HEADER];
    if (typeof offered !== 'string' || !sameHash(runtime.settings.tokenHashes[access], offered))
      return refuse(socket, 401, 'Unauthorized');
    this.sockets.handleUpgrade(request, socket, head, (client) => {
      if (access === 'cdp') runtime.attachCdpClient(client);
      else runtime.attachViewer(client, access === 'interactive');
    });
  }

  close(): void {
    this.sockets.close();
  }
}
