import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';
import type { Logger } from '@wh/platform/logging';
import { refuseUpgrade, WebSocketUpgradeRegistry } from './websocket-upgrade-registry';

/** The gateway's one `upgrade` listener: every WebSocket request goes through the registry's routes. */
export function installWebSocketUpgrades(app: INestApplication, logger: Logger): void {
  const registry = app.get(WebSocketUpgradeRegistry);
  const server = app.getHttpServer() as Server;
  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => undefined);
    registry.dispatch(request, socket, head).catch((error: unknown) => {
      logger.error({ err: error, path: request.url?.split('?')[0] }, 'WebSocket upgrade failed');
      refuseUpgrade(socket, 500, ErrorCode.Internal, 'Internal server error');
    });
  });
}
