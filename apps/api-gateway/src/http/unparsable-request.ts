import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorCode } from '@wh/contracts';

/** Node's own status for each request it cannot parse, as its default handler answers them. */
function statusOf(error: NodeJS.ErrnoException): [number, string, string] {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return [431, 'Request Header Fields Too Large', 'The request line and headers are larger than the server takes'];
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return [408, 'Request Timeout', 'The request was not received in time'];
  }
  return [400, 'Bad Request', 'The request is not valid HTTP'];
}

/**
 * Node answers a request it cannot parse (headers or URL over its 16 KB limit, a malformed request line) with a bare
 * status and no body; this answers in the API's error shape instead, so that every refusal reads the same.
 */
export function answerUnparsableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, message] = statusOf(error);
    const body = JSON.stringify({ success: false, error: message, code: ErrorCode.BadRequest });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
}
