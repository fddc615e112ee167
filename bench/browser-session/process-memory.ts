import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Proportional set size (shared pages split between their users) of every Chromium started with a user-data
 * folder under `dataDir`, helpers included. Summing RSS would count Chromium's shared libraries once per process.
 */
export function chromiumPssBytes(dataDir: string): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3] ?? '' }));
  const family = new Set(
    rows
      .filter((row) => row.args.includes(`--user-data-dir=${dataDir}`) && !row.args.includes('--type='))
      .map((row) => row.pid),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (family.has(row.ppid) && !family.has(row.pid)) {
        family.add(row.pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of family) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      total += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
    } catch {
      // The process ended while we counted.
    }
  }
  return total;
}

/** MemAvailable of the host, in bytes. */
export function availableMemoryBytes(): number {
  const meminfo = readFileSync('/proc/meminfo', 'utf8');
  return Number(/^MemAvailable:\s+(\d+) kB/m.exec(meminfo)?.[1] ?? 0) * 1024;
}
