import { connect, type Socket } from 'node:net';
import type { CheckedAddress } from './destination';

/** An operator's HTTP proxy that the guard's checked connections go out through. */
export interface UpstreamProxy {
  host: string;
  port: number;
}

/** The upstream's answer when it did not open the tunnel (407 for credentials, 403, 502...): relayed as it is. */
export interface UpstreamAnswer {
  status: number;
  /** The response head without its status line and final blank line. */
  headerLines: string[];
  body: Buffer;
}

export type TunnelOutcome =
  { kind: 'open'; socket: Socket; head: Buffer } | { kind: 'answered'; answer: UpstreamAnswer };

const HEAD_END = Buffer.from('\r\n\r\n');
const MAX_HEAD_BYTES = 64 * 1024;
/** How much of a refusal body is waited for; refusal pages are small, and a stuck one must not hold the browser. */
const MAX_BODY_BYTES = 64 * 1024;

function authorityOf(target: CheckedAddress, port: number): string {
  return target.family === 6 ? `[${target.address}]:${port}` : `${target.address}:${port}`;
}

/**
 * Asks the upstream proxy for a tunnel to the already checked address (never the name: the upstream must not
 * resolve it again). The browser's Proxy-Authorization goes along, so the browser answers the upstream's
 * credential challenges as it would without the guard.
 */
export function openUpstreamTunnel(
  upstream: UpstreamProxy,
  target: CheckedAddress,
  port: number,
  proxyAuthorization: string | undefined,
): Promise<TunnelOutcome> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: upstream.host, port: upstream.port });
    let received = Buffer.alloc(0);
    const fail = (error: Error): void => {
      socket.destroy();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf(HEAD_END);
      if (end === -1) {
        if (received.length > MAX_HEAD_BYTES) fail(new Error('the upstream proxy sent an oversized response head'));
        return;
      }
      socket.off('data', onData);
      const [statusLine = '', ...headerLines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
      const rest = received.subarray(end + HEAD_END.length);
      if (!Number.isInteger(status)) fail(new Error(`the upstream proxy answered "${statusLine}"`));
      else if (status >= 200 && status < 300) {
        socket.off('error', fail);
        resolve({ kind: 'open', socket, head: rest });
      } else readAnswerBody(socket, status, headerLines, rest).then(resolve, reject);
    };
    socket.on('data', onData);
    socket.on('error', fail);
    socket.once('connect', () => {
      const authority = authorityOf(target, port);
      const credentials = proxyAuthorization ? `Proxy-Authorization: ${proxyAuthorization}\r\n` : '';
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${credentials}\r\n`);
    });
  });
}

function readAnswerBody(socket: Socket, status: number, headerLines: string[], start: Buffer): Promise<TunnelOutcome> {
  const declared = headerLines
    .map((line) => /^content-length:\s*(\d+)\s*$/i.exec(line)?.[1])
    .find((value) => value !== undefined);
  const length = Math.min(declared === undefined ? 0 : Number(declared), MAX_BODY_BYTES);
  return new Promise((resolve) => {
    let body = start;
    const finish = (): void => {
      socket.off('data', onData);
      socket.off('close', finish);
      socket.destroy();
      resolve({ kind: 'answered', answer: { status, headerLines, body: body.subarray(0, length) } });
    };
    const onData = (chunk: Buffer): void => {
      body = Buffer.concat([body, chunk]);
      if (body.length >= length) finish();
    };
    if (body.length >= length) {
      finish();
      return;
    }
    socket.on('data', onData);
    socket.once('close', finish);
  });
}
