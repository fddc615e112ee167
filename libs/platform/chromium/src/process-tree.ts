import { readdirSync, readFileSync } from 'node:fs';

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Proportional set size: memory shared between processes (Chromium's renderers) is split among them. */
function proportionalBytes(pid: number): number {
  try {
    const kilobytes = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return kilobytes ? Number(kilobytes) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Every process below `rootPid` (not `rootPid` itself). Linux only; elsewhere none. */
export function descendantsOf(rootPid: number): number[] {
  const found: number[] = [];
  const pending = childrenOf(rootPid);
  const seen = new Set<number>();
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    found.push(pid);
    pending.push(...childrenOf(pid));
  }
  return found;
}

/**
 * Memory of a process and everything it started (a browser and its renderers, a worker and its Chromium), shared
 * pages counted once. Reads /proc, so Linux only; elsewhere 0 (and memory-based recycling is off).
 */
export function processTreePssBytes(rootPid: number): number {
  return [rootPid, ...descendantsOf(rootPid)].reduce((total, pid) => total + proportionalBytes(pid), 0);
}
