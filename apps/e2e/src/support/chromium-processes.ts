import { readdirSync, readFileSync } from 'node:fs';
import { descendantsOf } from '@wh/platform/chromium';

/** Ids of the Chromium browser processes started directly by `parentPid` (their renderers are their children). */
export function chromiumChildrenOf(parentPid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may contain spaces; the parent id is the second field after it.
      const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(afterName[1]) !== parentPid) continue;
      if (/chrom/i.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** Ids of the Chromium renderer processes somewhere below `ancestorPid`: only ones this test's stack started. */
export function renderersBelow(ancestorPid: number): number[] {
  return descendantsOf(ancestorPid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      // The process ended while we looked.
      return false;
    }
  });
}
