import WebSocket from 'ws';

/** Above this many unsent bytes on a socket, the socket feeding it is paused. */
const HIGH_WATER_BYTES = 8 * 1024 * 1024;
const LOW_WATER_BYTES = 1024 * 1024;

/** Largest frame accepted from either side: full-page screenshots of long pages are tens of MB. */
export const MAX_FRAME_BYTES = 256 * 1024 * 1024;

/**
 * Sends to `target`, pausing `source` while `target` has more than the high-water mark queued, so a slow reader
 * slows the writer down instead of growing a buffer without bound.
 */
export function sendWithBackpressure(
  source: WebSocket,
  target: WebSocket,
  data: WebSocket.RawData | string,
  binary: boolean,
): void {
  if (target.readyState !== WebSocket.OPEN) return;
  target.send(data, { binary }, () => {
    if (source.isPaused && target.bufferedAmount < LOW_WATER_BYTES) source.resume();
  });
  if (target.bufferedAmount > HIGH_WATER_BYTES) source.pause();
}

/** A received frame as one buffer, whichever of its three shapes `ws` delivered. */
export function frameBuffer(data: WebSocket.RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}
