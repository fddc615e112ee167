import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { connect, type Socket } from 'node:net';
import { percentile } from './open-loop';

/**
 * What one message costs to go from one Node process to another over loopback TCP and back, with nothing of ours in
 * it: the floor under every hop of the request path (client, gateway, nats-server, worker). Measured with the two
 * processes sleeping between messages, as they do at a few requests a second, and sending back to back, as they do
 * under load: on a virtual machine an idle core wakes slowly, and a cache miss crosses six such hand-offs.
 */
export interface HandOffResult {
  pace: string;
  samples: number;
  p50Ms: number;
  p90Ms: number;
}

const MESSAGE = Buffer.alloc(200, 'x');
const SPACED_SAMPLES = 200;
const SPACED_GAP_MS = 50;
const BACK_TO_BACK_SAMPLES = 2_000;

/** A child that sends back every chunk it reads; prints its port once listening. */
const ECHO_SERVER = `
const server = require('node:net').createServer((socket) => {
  socket.setNoDelay(true);
  socket.on('data', (chunk) => socket.write(chunk));
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

/** A child that keeps one core busy at the lowest priority, so cores are awake without slowing anything else much. */
const SPINNER = 'for (;;) {}';

export async function measureHandOffs(): Promise<HandOffResult[]> {
  const echo = spawn(process.execPath, ['-e', ECHO_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [portLine] = (await once(echo.stdout, 'data')) as [Buffer];
    const socket = connect(Number(portLine.toString().trim()), '127.0.0.1');
    socket.setNoDelay(true);
    await once(socket, 'connect');
    try {
      const results = [
        await pace(socket, 'one message every 50 ms (both processes sleep between)', SPACED_SAMPLES, SPACED_GAP_MS),
        await pace(socket, 'back to back', BACK_TO_BACK_SAMPLES, 0),
      ];
      const spinners = cpus().map(() => spawn('nice', ['-n', '19', process.execPath, '-e', SPINNER]));
      try {
        results.push(
          await pace(
            socket,
            'one message every 50 ms, every core kept busy by a spinner at nice 19',
            SPACED_SAMPLES,
            SPACED_GAP_MS,
          ),
        );
      } finally {
        await Promise.all(spinners.map(stop));
      }
      return results;
    } finally {
      socket.destroy();
    }
  } finally {
    await stop(echo);
  }
}

async function pace(socket: Socket, name: string, samples: number, gapMs: number): Promise<HandOffResult> {
  const roundTrips: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    roundTrips.push(await roundTrip(socket));
  }
  return { pace: name, samples, p50Ms: percentile(roundTrips, 0.5), p90Ms: percentile(roundTrips, 0.9) };
}

/** One message there and back; the echo may come in several chunks. */
async function roundTrip(socket: Socket): Promise<number> {
  const sentAt = performance.now();
  const echoed = new Promise<void>((resolve) => {
    let received = 0;
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received < MESSAGE.length) return;
      socket.off('data', onData);
      resolve();
    };
    socket.on('data', onData);
  });
  socket.write(MESSAGE);
  await echoed;
  return performance.now() - sentAt;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}
