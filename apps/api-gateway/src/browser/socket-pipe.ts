import WebSocket from 'ws';

/** Above this many unsent bytes on one side, the other side is paused until it drains. */
const HIGH_WATER_BYTES = 8 * 1024 * 1024;
const LOW_WATER_BYTES = 1024 * 1024;

/** Largest frame carried: full-page screenshots of long pages are tens of MB. */
export const MAX_FRAME_BYTES = 256 * 1024 * 1024;

function sendableCloseCode(code: number): number {
  return code === 1000 ||
    (code >= 1001 && code <= 1003) ||
    (code >= 1007 && code <= 1014) ||
    (code >= 3000 && code <= 4999)
    ? code
    : 1011;
}

function forward(source: WebSocket, target: WebSocket): void {
  source.on('message', (data, binary) => {
    if (target.readyState !== WebSocket.OPEN) return;
    target.send(data, { binary }, () => {
      if (source.isPaused && target.bufferedAmount < LOW_WATER_BYTES) source.resume();
    });
    if (target.bufferedAmount > HIGH_WATER_BYTES) source.pause();
  });
  source.on('close', (code, reason) => {
    if (target.readyState === WebSocket.OPEN) target.close(sendableCloseCode(code), reason);
    else if (target.readyState === WebSocket.CONNECTING) target.terminate();
  });
  source.on('error', () => source.terminate());
}

/**
 * Joins the client's socket and the replica's frame for frame, in both directions. A slow reader pauses the
 * other side (no unbounded buffers), and the close code and reason of one side reach the other: a session that
 * ends tells the client why.
 */
export function pipeSockets(client: WebSocket, replica: WebSocket): void {
  forward(client, replica);
  forward(replica, client);
}
