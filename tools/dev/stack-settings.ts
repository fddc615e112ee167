import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The file in npm start's data folder naming the stack it runs, for the command-line tools that work on that
 * stack: `npm run admin` and `npm run db:migrate` read it (libs/platform/database/src/dev-stack-settings.ts) when the environment
 * names no database. One `NAME=value` a line, so a shell can also `set -a; . .data/stack.env`.
 */
export const STACK_SETTINGS_FILE = 'stack.env';

export interface StackSettings {
  DATABASE_URL: string;
  NATS_URL: string;
  WH_NAMESPACE: string;
}

/** Writes the settings, readable by this OS user only: the database URL carries the embedded server's password. */
export function writeStackSettings(dataDir: string, settings: StackSettings): string {
  const file = path.join(dataDir, STACK_SETTINGS_FILE);
  const lines = Object.entries(settings).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `# written by npm start: the stack it runs\n${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}
