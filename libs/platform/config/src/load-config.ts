import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

function describe(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => `${path}: ${message}`);
    return [...own, ...describe(error.children ?? [], path)];
  });
}

/**
 * Reads and validates configuration from the environment into an instance of `schema`.
 * Throws with every problem listed, so a misconfigured service fails at boot, not at first use.
 * This is the only place in the code base that reads `process.env`.
 */
export function loadConfig<T extends object>(schema: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const instance = plainToInstance(schema, { ...env }, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(instance, { whitelist: false });
  if (errors.length > 0) {
    throw new Error(`Invalid configuration:\n  ${describe(errors).join('\n  ')}`);
  }
  return instance;
}
