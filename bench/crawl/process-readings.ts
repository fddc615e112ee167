import { readFileSync } from 'node:fs';
import { Client } from 'pg';

/**
 * CPU seconds (user + system) a process has used so far, or only its thread `thread` (a process's main thread has
 * the process's id); NaN once it is gone.
 */
export function cpuSeconds(pid: number | undefined, thread?: number): number {
  if (!pid) return Number.NaN;
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

export function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/**
 * CPU of the Postgres backends serving one database. The server is shared with other work, so only the backends
 * connected to the bench's database count; they come and go with the services' pools, so each sample keeps the
 * latest reading of every backend ever seen and a backend that ended keeps its last one.
 */
export class DatabaseBackendsCpu {
  private readonly baseline = new Map<number, number>();
  private readonly latest = new Map<number, number>();
  private readonly client: Client;

  constructor(
    adminUrl: string,
    private readonly database: string,
  ) {
    this.client = new Client({ connectionString: adminUrl });
  }

  async start(): Promise<void> {
    await this.client.connect();
    for (const [pid, seconds] of await this.read()) this.baseline.set(pid, seconds);
  }

  async sample(): Promise<void> {
    for (const [pid, seconds] of await this.read()) this.latest.set(pid, seconds);
  }

  /** CPU seconds the database's backends spent since {@link start}. */
  async stop(): Promise<number> {
    await this.sample();
    await this.client.end();
    let total = 0;
    for (const [pid, seconds] of this.latest) total += seconds - (this.baseline.get(pid) ?? 0);
    return total;
  }

  private async read(): Promise<Map<number, number>> {
    const result = await this.client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
      this.database,
    ]);
    const readings = new Map<number, number>();
    for (const { pid } of result.rows) {
      const seconds = cpuSeconds(pid);
      if (!Number.isNaN(seconds)) readings.set(pid, seconds);
    }
    return readings;
  }
}
