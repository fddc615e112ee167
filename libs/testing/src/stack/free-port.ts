import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const LOWEST_PICKED_PORT = 20_000;

/**
 * A port free now for a service a test is about to start, picked at random below the kernel's ephemeral range. A port
 * from `listen(0)` could be handed to another `listen(0)` (a parallel test's fixture site or service) in the second
 * before the service binds it: once, a gateway lost its port that way and the test talked to another stack's server.
 */
export async function freePort(): Promise<number> {
  const ephemeralLow = ephemeralRangeStart();
  if (ephemeralLow === undefined || ephemeralLow - LOWEST_PICKED_PORT < 1_000) return portFromKernel();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LOWEST_PICKED_PORT + Math.floor(Math.random() * (ephemeralLow - LOWEST_PICKED_PORT));
    if (await canListen(port)) return port;
  }
  return portFromKernel();
}

/** The first port of the kernel's ephemeral range on Linux, undefined elsewhere. */
function ephemeralRangeStart(): number | undefined {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) ? low : undefined;
  } catch {
    return undefined;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function portFromKernel(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
