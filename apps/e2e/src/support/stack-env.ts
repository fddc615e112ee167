import type { StackDescription } from '@wh/testing';

const VARIABLE = 'WH_E2E_STACK';

/** Global setup runs in the parent process; tests read the stack it started from the environment. */
export function publishStack(description: StackDescription): void {
  process.env[VARIABLE] = JSON.stringify(description);
}

export function sharedStack(): StackDescription {
  const raw = process.env[VARIABLE];
  if (!raw) throw new Error('the e2e stack is not running: run the e2e suite through jest --selectProjects e2e');
  return JSON.parse(raw) as StackDescription;
}

export function sharedInfrastructure(): { natsUrl: string; postgresAdminUrl: string } {
  const raw = process.env.WH_E2E_INFRA;
  if (!raw) throw new Error('the e2e infrastructure is not known');
  return JSON.parse(raw) as { natsUrl: string; postgresAdminUrl: string };
}
