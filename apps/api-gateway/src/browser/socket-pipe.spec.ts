import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { eventually } from '@wh/testing';
import { pipeSockets } from './socket-pipe';

const MESSAGE_BYTES = 1024 * 1024;
const MESSAGES = 48;

function listen(server: WebSocketServer): Promise<string> {
  return new Promise((resolve) =>
    server.on('listening', () => resolve(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function connected(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('pipeSockets', () => {
  const servers: WebSocketServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function pipeline(): Promise<{
    replicaEnd: WebSocket;
    clientEnd: WebSocket;
    gatewayToClient: WebSocket;
    gatewayToReplica: WebSocket;
  }> {
    const replica = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    const gateway = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    servers.push(replica, gateway);
    const [replicaUrl, gatewayUrl] = await Promise.all([listen(replica), listen(gateway)]);
    const replicaEnd = new Promise<WebSocket>((resolve) => replica.once('connection', resolve));
    const gatewayToClient = new Promise<WebSocket>((resolve) => gateway.once('connection', resolve));
    const gatewayToReplica = await connected(replicaUrl);
    const clientEnd = await connected(gatewayUrl);
    pipeSockets(await gatewayToClient, gatewayToReplica);
    return { replicaEnd: await replicaEnd, clientEnd, gatewayToClient: await gatewayToClient, gatewayToReplica };
  }

  it('pauses the replica side while the client reads nothing, buffers a bounded amount, then delivers everything in order', async () => {
    const { replicaEnd, clientEnd, gatewayToClient, gatewayToReplica } = await pipeline();
    const received: number[] = [];
    clientEnd.on('message', (data: Buffer) => received.push(data.readUInt32BE(0)));
    clientEnd.pause();
    for (let index = 0; index < MESSAGES; index += 1) {
      const message = Buffer.alloc(MESSAGE_BYTES);
      message.writeUInt32BE(index, 0);
      replicaEnd.send(message);
    }
    await eventually(() => expect(gatewayToReplica.isPaused).toBe(true));
    // The gateway holds at most about the high-water mark, not the 48 MiB the replica sent.
    expect(gatewayToClient.bufferedAmount).toBeLessThan(16 * MESSAGE_BYTES);
    clientEnd.resume();
    await eventually(() => expect(received).toHaveLength(MESSAGES), { timeoutMs: 20_000 });
    expect(received).toEqual(Array.from({ length: MESSAGES }, (_, index) => index));
    clientEnd.close();
    replicaEnd.close();
  });

  it('passes the close code and reason of one side to the other', async () => {
    const { replicaEnd, clientEnd } = await pipeline();
    const closed = new Promise<[number, string]>((resolve) =>
      clientEnd.once('close', (code, reason) => resolve([code, reason.toString()])),
    );
    replicaEnd.close(4003, 'session ended: deleted');
    await expect(closed).resolves.toEqual([4003, 'session ended: deleted']);
  });
});
