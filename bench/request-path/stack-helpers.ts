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
