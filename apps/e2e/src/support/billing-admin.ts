import { Client } from 'pg';
import { eventually, runCompiled, type StackDescription } from '@wh/testing';

const ADMIN_CLI = 'apps/billing-service/src/admin/admin.cli.js';

/** Runs one admin command against a stack. */
export async function admin(stack: StackDescription, args: string[]): Promise<string> {
  const env = { DATABASE_URL: stack.databaseUrl, NATS_URL: stack.natsUrl, WH_NAMESPACE: stack.namespace };
  return runCompiled(ADMIN_CLI, args, env);
}

/** A fresh team with a key of its own; `plan` is defined on the fly (`--credits` etc. in `planArgs`). */
export async function teamOnPlan(
  stack: StackDescription,
  label: string,
  planArgs: string[],
): Promise<{ name: string; apiKey: string; keyId: string }> {
  const name = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await admin(stack, ['create-team', name]);
  const created = await admin(stack, ['create-key', name]);
  await admin(stack, ['define-plan', `plan-${name}`, ...planArgs]);
  await admin(stack, ['set-plan', name, `plan-${name}`]);
  const lines = created.trim().split('\n');
  return { name, apiKey: lines.at(-1) ?? '', keyId: /^key (\S+)/.exec(lines[0] ?? '')?.[1] ?? '' };
}

/** Waits until the team's charges in the ledger add up to `credits`; charging follows the work asynchronously. */
export async function charged(stack: StackDescription, team: string, credits: number): Promise<void> {
  const client = new Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    await eventually(async () => {
      const { rows } = await client.query<{ credits: string }>(
        `select coalesce(sum(credits), 0) as credits from credit_ledger
         join teams on teams.id = credit_ledger.team_id where teams.name = $1 and entry = 'charge'`,
        [team],
      );
      expect(Number(rows[0]?.credits)).toBe(credits);
    });
  } finally {
    await client.end();
  }
}
