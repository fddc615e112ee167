import { readdirSync, readFileSync } from 'node:fs';
import type { StackDescription } from '@wh/testing';

/** Service name → process id of every process started with the stack's namespace in its environment. */
export function stackProcesses(stack: Pick<StackDescription, 'namespace'>): Record<string, number> {
  const found: Record<string, number> = {};
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environment = readFileSync(`/proc/${entry}/environ`, 'latin1').split('\u0000');
      if (!environment.includes(`WH_NAMESPACE=${stack.namespace}`)) continue;
      const service = /dist\/apps\/([\w-]+)\/src\/main\.js/.exec(readFileSync(`/proc/${entry}/cmdline`, 'latin1'))?.[1];
      if (service) found[service] = Number(entry);
    } catch {
      // The process ended while we looked, or is not ours to read.
    }
  }
  return found;
}
