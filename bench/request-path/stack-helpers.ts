import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type RunningStack, runCompiled } from '@wh/testing';

const ADMIN_CLI = 'apps/billing-service/src/admin/admin.cli.js';

/**
 * A new team with an API key of its own, made with the admin command line as an operator would; with `credits`, on a
 * plan of that many credits a period (otherwise unlimited).
 */
export async function createTeamKey(stack: RunningStack, name: string, credits?: number): Promise<string> {
  await runCompiled(ADMIN_CLI, ['create-team', name], stack.env);
  if (credits !== undefined) {
    await runCompiled(ADMIN_CLI, ['define-plan', `plan-${name}`, '--credits', String(credits)], stack.env);
    await runCompiled(ADMIN_CLI, ['set-plan', name, `plan-${name}`], stack.env);
  }
  const output = await runCompiled(ADMIN_CLI, ['create-key', name], stack.env);
  const key = output.trim().split('\n').at(-1)?.trim();
  if (!key) throw new Error(`no key in: ${output}`);
  return key;
}

/**
 * The scrape-workers' own time per job until its result was announced (`answeredMs` of "scrape job finished"; `ms`,
 * which also counts the wait for the charge's batch, from a worker that does not log it) for the jobs whose URL
 * contains `marker`.
 */
export function workerJobMs(logDir: string, marker: string): number[] {
  const durations: number[] = [];
  for (const file of readdirSync(logDir).filter((name) => name.startsWith('scrape-worker'))) {
    for (const line of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      if (!line.includes(marker) || !line.includes('scrape job finished')) continue;
      try {
        const entry = JSON.parse(line) as { ms?: number; answeredMs?: number };
        const answered = entry.answeredMs ?? entry.ms;
        if (typeof answered === 'number') durations.push(answered);
      } catch {
        // a line that is not one of the service's JSON log entries
      }
    }
  }
  return durations;
}
