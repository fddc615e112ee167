import { readdirSync, readFileSync } from 'node:fs';

function pssBytes(pid: number): number {
  try {
    const kilobytes = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return kilobytes ? Number(kilobytes) * 1024 : 0;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Memory of a process and everything it started (a worker and its Chromium), shared pages counted once. */
export function processTreeMegabytes(rootPid: number): number {
  let total = 0;
  const pending = [rootPid];
  const seen = new Set<number>();
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    total += pssBytes(pid);
    pending.push(...childrenOf(pid));
  }
  return total / (1024 * 1024);
}
