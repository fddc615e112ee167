import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A test server listening on a free loopback port. */
export interface LoopbackListener {
  port: number;
  /** Closes the server, cutting the keep-alive connections that would otherwise hold `close` open. */
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Server): Promise<LoopbackListener> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
