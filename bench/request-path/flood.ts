import { gatewayPool, runOpenLoop } from './open-loop';
import { scenarios } from './scenarios';

/** The line the flood prints once its warm-up is over and the measured flood begins. */
export const FLOODING_MARK = 'flooding';

/**
 * `node -r tools/register-paths.js dist/bench/request-path/flood.js <baseUrl> <apiKey> <pageUrl> <rate> <durationMs>
 * [warmupMs]`: the flooding team of the fairness measure, as a client of its own. Run inside the benchmark's process,
 * its 400 answers a second queued on the same event loop as the quiet team's, whose latencies then measured the load
 * generator as much as the stack.
 *
 * With `warmupMs`, it floods for that long first, prints FLOODING_MARK and then floods for `durationMs`, measured: a
 * flood in progress, whose client's own start (module loading, then code not yet compiled and connections not yet
 * open: most of a core for its first second on these machines) is over before the other team is measured.
 * Prints the measured part's result, with the CPU the client used over it, as one JSON line.
 */
async function main(): Promise<void> {
  const [baseUrl, apiKey, pageUrl, rate, durationMs, warmupMs = '0'] = process.argv.slice(2);
  if (!baseUrl || !apiKey || !pageUrl || !rate || !durationMs)
    throw new Error('usage: flood.js baseUrl apiKey pageUrl rate durationMs [warmupMs]');
  const { cached } = scenarios(pageUrl);
  const pool = gatewayPool(baseUrl);
  const flood = (tag: string, forMs: number) =>
    runOpenLoop({ rate: Number(rate), durationMs: forMs, send: (index) => cached.send(pool, apiKey, tag, index) });
  try {
    // The warm-up's last answers may still arrive during the measured part: the flood does not pause between them.
    const warmUp = Number(warmupMs) > 0 ? flood('flood-warm-up', Number(warmupMs)) : undefined;
    if (warmUp) await new Promise((resolve) => setTimeout(resolve, Number(warmupMs)));
    process.stdout.write(`${FLOODING_MARK}\n`);
    const cpuBefore = process.cpuUsage();
    const result = await flood('flood', Number(durationMs));
    const { user, system } = process.cpuUsage(cpuBefore);
    await warmUp;
    const clientCpuMs = (user + system) / 1000;
    process.stdout.write(`${JSON.stringify({ ...result, statuses: [...result.statuses], clientCpuMs })}\n`);
  } finally {
    await pool.close();
  }
}

if (require.main === module) {
  void main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
