import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { validationProblems } from '@wh/platform/errors';

/**
 * Reads and validates configuration from the environment into an instance of `schema`.
 * Throws with every problem listed, so a misconfigured service fails at boot, not at first use.
 * This is the only place in the code base that reads `process.env`.
 */
export function loadConfig<T extends object>(schema: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const instance = plainToInstance(schema, { ...env }, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(instance, { whitelist: false });
  if (errors.length > 0) {
    const lines = validationProblems(errors).map((problem) => `${problem.path}: ${problem.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return instance;
}
