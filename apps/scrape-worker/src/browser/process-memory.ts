import { readFile, readdir } from 'node:fs/promises';

async function childrenOf(pid: number): Promise<number[]> {
  try {
    const threads = await readdir(`/proc/${pid}/task`);
    const lists = await Promise.all(threads.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')));
    return lists.flatMap((list) => list.split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** Proportional set size: memory shared between Chromium's processes is counted once, split among them. */
async function proportionalBytes(pid: number): Promise<number> {
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kilobytes = /^Pss:\s+(\d+) kB/m.exec(rollup)?.[1];
    return kilobytes ? Number(kilobytes) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Memory of a process and all its descendants (Chromium's renderers, GPU and utility processes are children of
 * the browser process), shared pages counted once. Linux only; elsewhere it reads 0 and memory-based
 * recycling is off.
 */
export async function processTreeMemoryBytes(rootPid: number): Promise<number> {
  let total = 0;
  const pending = [rootPid];
  const seen = new Set<number>();
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    total += await proportionalBytes(pid);
    pending.push(...(await childrenOf(pid)));
  }
  return total;
}
