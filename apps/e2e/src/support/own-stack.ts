import { type FixtureServer, type RunningStack, type ServiceName, startFixtureServer, startStack } from '@wh/testing';
import { sharedInfrastructure } from './stack-env';

export interface OwnStack {
  stack(): RunningStack;
  site(): FixtureServer;
}

/**
 * For suites that need settings of their own: starts a fixture site and a small stack of the given services
 * before the suite's tests, and stops both after them. `env` may be a function, read when the stack starts: after
 * the suite's earlier `beforeAll` hooks, so it can name servers those started (a fake LLM).
 */
export function useOwnStack(
  label: string,
  services: ServiceName[],
  env: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) = {},
): OwnStack {
  let stack: RunningStack | undefined;
  let site: FixtureServer | undefined;
  // The hook's limit is above startStack's own readiness limit, so a slow start fails there and stops what it started.
  beforeAll(async () => {
    site = await startFixtureServer();
    stack = await startStack(sharedInfrastructure(), {
      services,
      env: typeof env === 'function' ? env() : env,
      label,
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await site?.close();
  });
  return {
    stack: () => stack ?? failNotStarted(),
    site: () => site ?? failNotStarted(),
  };
}

function failNotStarted(): never {
  throw new Error('the suite stack is used outside its tests');
}
