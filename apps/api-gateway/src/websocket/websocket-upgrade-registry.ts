import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';

/** One WebSocket endpoint of the gateway: claims its paths and takes over the upgrade for them. */
export interface WebSocketRoute {
  matches(pathname: string): boolean;
  /** Checks the request and either upgrades the socket or answers it with an HTTP error and closes it. */
  handle(request: IncomingMessage, socket: Duplex, head: Buffer): void | Promise<void>;
}

/**
 * Answers a socket that asked for an upgrade with an HTTP error in the API's error body (`{success: false, error,
 * code}`, as every HTTP route answers), then closes it (destroyed if the peer lingers).
 */
export function refuseUpgrade(socket: Duplex, status: number, code: ErrorCode, message: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ success: false, error: message, code });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/**
 * Where feature modules register their WebSocket routes. The gateway installs one `upgrade` listener on its
 * HTTP server (see `installWebSocketUpgrades`) that hands each upgrade to the first route claiming its path.
 */
@Injectable()
export class WebSocketUpgradeRegistry {
  private readonly routes: WebSocketRoute[] = [];

  register(route: WebSocketRoute): void {
    this.routes.push(route);
  }

  async dispatch(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const pathname = new URL(request.url ?? '/', 'http://gateway').pathname;
    const route = this.routes.find((candidate) => candidate.matches(pathname));
    if (!route) {
      refuseUpgrade(socket, 404, ErrorCode.NotFound, `No WebSocket endpoint at ${pathname}`);
      return;
    }
    await route.handle(request, socket, head);
  }
}
