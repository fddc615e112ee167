import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Injectable } from '@nestjs/common';

/** One WebSocket endpoint of the gateway: claims its paths and takes over the upgrade for them. */
export interface WebSocketRoute {
  matches(pathname: string): boolean;
  /** Checks the request and either upgrades the socket or answers it with an HTTP error and closes it. */
  handle(request: IncomingMessage, socket: Duplex, head: Buffer): void | Promise<void>;
}

/** Writes a plain HTTP error on a socket that asked for an upgrade, then closes it (destroyed if the peer lingers). */
export function refuseUpgrade(socket: Duplex, status: number, reason: string, body = ''): void {
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
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
      refuseUpgrade(socket, 404, 'Not Found');
      return;
    }
    await route.handle(request, socket, head);
  }
}
