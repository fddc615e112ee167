import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IsOptional, IsString } from 'class-validator';
import type { ServiceDatabaseConfig } from './service-database-config';

/** What `npm run admin` and `npm run db:migrate` need to know to find the stack `npm start` runs. */
export class DevStackLocationConfig {
  /** npm start's data folder, when not `.data` in the workspace. */
  @IsOptional()
  @IsString()
  WH_DATA_DIR?: string;

  /** Set: the environment names the stack itself, and npm start's settings are not read. */
  @IsOptional()
  @IsString()
  DATABASE_URL?: string;

  @IsOptional()
  @IsString()
  NATS_URL?: string;

  @IsOptional()
  @IsString()
  WH_NAMESPACE?: string;
}

/** Written by npm start (tools/dev/stack-settings.ts). */
const STACK_SETTINGS_FILE = 'stack.env';

function workspaceRoot(): string | undefined {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'tools', 'register-paths.js'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readSettings(file: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match?.[1]) settings.set(match[1], match[2] ?? '');
  }
  return settings;
}

/**
 * Points `config` at the stack `npm start` runs when the environment names no database: the embedded Postgres
 * (its port and password), NATS and namespace that npm start wrote to its data folder. Variables that are set win
 * one by one. Returns the settings file used, if any.
 */
export function applyDevStackSettings(
  config: ServiceDatabaseConfig,
  location: DevStackLocationConfig,
): string | undefined {
  if (location.DATABASE_URL) return undefined;
  const root = workspaceRoot();
  const dataDir = location.WH_DATA_DIR ? path.resolve(location.WH_DATA_DIR) : root && path.join(root, '.data');
  const file = dataDir && path.join(dataDir, STACK_SETTINGS_FILE);
  if (!file || !existsSync(file)) return undefined;
  const settings = readSettings(file);
  config.DATABASE_URL = settings.get('DATABASE_URL') ?? config.DATABASE_URL;
  if (!location.NATS_URL) config.NATS_URL = settings.get('NATS_URL') ?? config.NATS_URL;
  if (!location.WH_NAMESPACE) config.WH_NAMESPACE = settings.get('WH_NAMESPACE') ?? config.WH_NAMESPACE;
  return file;
}
