import { connect } from 'node:net';

/** One request as bytes on the wire: anything a client could send, including what `fetch` refuses to. */
export interface RawRequest {
  method: string;
  /** Path and query, sent as given (already percent-encoded where the case wants it). */
  target: string;
  /** Header lines in order; values are written as latin1 bytes, control characters included. */
  headers: [string, string][];
  body?: Buffer;
  /** Sent without a Content-Length: the body frames itself (chunked), or the case is about broken framing. */
  unframed?: boolean;
}

export type RawAnswer =
  | { kind: 'answered'; status: number; headers: Record<string, string>; body: string; elapsedMs: number }
  | { kind: 'hung'; elapsedMs: number }
  | { kind: 'dropped'; reason: string; elapsedMs: number };

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parseAnswer(bytes: Buffer, elapsedMs: number): RawAnswer {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return { kind: 'dropped', reason: `no complete answer (${bytes.length} bytes)`, elapsedMs };
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!Number.isInteger(status)) return { kind: 'dropped', reason: `not an HTTP answer: ${statusLine}`, elapsedMs };
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rawBody = bytes.subarray(headEnd + 4);
  const body = headers['transfer-encoding']?.includes('chunked') ? dechunk(rawBody) : rawBody;
  return { kind: 'answered', status, headers, body: body.toString('utf8'), elapsedMs };
}

/**
 * Sends one request on its own connection (`Connection: close`, so the answer ends with the connection) and reads
 * the answer, giving up after `deadlineMs`: an answer that has not ended by then is a hang.
 */
export function sendRaw(port: number, request: RawRequest, deadlineMs: number): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect({ host: '127.0.0.1', port });
    const finish = (answer: () => RawAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.destroy();
      resolve(answer());
    };
    const deadline = setTimeout(() => finish(() => ({ kind: 'hung', elapsedMs: Date.now() - started })), deadlineMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may answer and close before the whole body is written (a 413); the answer read so far counts.
    socket.on('error', () => undefined);
    socket.on('close', () => finish(() => parseAnswer(Buffer.concat(chunks), Date.now() - started)));
    socket.on('connect', () => {
      const head = [
        `${request.method} ${request.target} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: close',
        ...request.headers.map(([name, value]) => `${name}: ${value}`),
        ...(request.body && !request.unframed ? [`Content-Length: ${request.body.length}`] : []),
      ].join('\r\n');
      socket.write(Buffer.from(`${head}\r\n\r\n`, 'latin1'));
      if (request.body) socket.write(request.body);
    });
  });
}
