import { readFileSync } from 'node:fs';
import { Client } from 'pg';

const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system, every thread) a process has used so far, from /proc/<pid>/stat; undefined once it
 * is gone. The clock ticks are 10 ms, so readings are only meaningful over many requests.
 */
export function cpuMsOf(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces and parentheses: fields are counted after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** The server processes serving one database (its backends come and go with the services' pools). */
export async function postgresBackendPids(adminUrl: string, database: string): Promise<number[]> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
      database,
    ]);
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

export type CpuReadings = Map<string, Map<number, number>>;

/** CPU so far of each named group of processes, per pid. */
export function readCpu(groups: ReadonlyMap<string, readonly number[]>): CpuReadings {
  const readings: CpuReadings = new Map();
  for (const [name, pids] of groups) {
    const perPid = new Map<number, number>();
    for (const pid of pids) {
      const ms = cpuMsOf(pid);
      if (ms !== undefined) perPid.set(pid, ms);
    }
    readings.set(name, perPid);
  }
  return readings;
}

/**
 * CPU each group used between two readings. A pid first seen in `after` started during the interval and counts from
 * zero; one gone by `after` is lost (Postgres backends closed by an idle pool), which undercounts a little.
 */
export function cpuBetween(before: CpuReadings, after: CpuReadings): Map<string, number> {
  const used = new Map<string, number>();
  for (const [name, perPid] of after) {
    let total = 0;
    for (const [pid, ms] of perPid) total += ms - (before.get(name)?.get(pid) ?? 0);
    used.set(name, total);
  }
  return used;
}
