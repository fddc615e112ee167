import { connect, type Socket } from 'node:net';
import { sharedStack } from './support/stack-env';

const stack = sharedStack();

/** How long Node's HTTP server keeps an idle connection by default, which the gateway raises past a balancer's 60 s. */
const NODE_DEFAULT_KEEP_ALIVE_MS = 5_000;

/** Sends one request on `socket` and resolves with the status of the whole response read back. */
function exchange(socket: Socket, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const head = received.subarray(0, headEnd).toString('latin1');
      const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1] ?? 0);
      if (received.length < headEnd + 4 + length) return;
      done();
      resolve(Number(head.split(' ')[1]));
    };
    const onEnd = (): void => {
      done();
      reject(new Error('the gateway closed the connection'));
    };
    const done = (): void => {
      socket.off('data', onData);
      socket.off('end', onEnd);
    };
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.write(request);
  });
}

describe('kept-alive connections to the gateway', () => {
  it('keeps an idle connection open past Node’s 5 s, so that the next request on it is answered', async () => {
    const url = new URL(stack.healthUrls['api-gateway']);
    const socket = connect(Number(url.port), url.hostname);
    let closedAt: number | undefined;
    socket.on('close', () => (closedAt = Date.now()));
    try {
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      const request = `GET /healthz HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`;
      expect(await exchange(socket, request)).toBe(200);

      await new Promise((resolve) => setTimeout(resolve, NODE_DEFAULT_KEEP_ALIVE_MS + 1_500));

      expect(closedAt).toBeUndefined();
      expect(await exchange(socket, request)).toBe(200);
    } finally {
      socket.destroy();
    }
  }, 30_000);
});
