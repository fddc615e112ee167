import { gatewayPool, runOpenLoop } from './open-loop';
import { scenarios } from './scenarios';

/**
 * `node -r tools/register-paths.js dist/bench/request-path/flood.js <baseUrl> <apiKey> <pageUrl> <rate> <durationMs>`:
 * the flooding team of the fairness measure, as a client of its own. Run inside the benchmark's process, its 400
 * answers a second queued on the same event loop as the quiet team's, whose latencies then measured the load
 * generator as much as the stack. Prints its result, with the CPU it used itself, as one JSON line.
 */
async function main(): Promise<void> {
  const [baseUrl, apiKey, pageUrl, rate, durationMs] = process.argv.slice(2);
  if (!baseUrl || !apiKey || !pageUrl || !rate || !durationMs)
    throw new Error('usage: flood.js baseUrl apiKey pageUrl rate durationMs');
  const { cached } = scenarios(pageUrl);
  const pool = gatewayPool(baseUrl);
  try {
    const cpuBefore = process.cpuUsage();
    const result = await runOpenLoop({
      rate: Number(rate),
      durationMs: Number(durationMs),
      send: (index) => cached.send(pool, apiKey, 'flood', index),
    });
    const { user, system } = process.cpuUsage(cpuBefore);
    const clientCpuMs = (user + system) / 1000;
    process.stdout.write(`${JSON.stringify({ ...result, statuses: [...result.statuses], clientCpuMs })}\n`);
  } finally {
    await pool.close();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
