import 'reflect-metadata';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileMigrationProvider, Migrator } from 'kysely';
import { loadConfig } from '@wh/platform/config';
import { createKysely } from './create-kysely';
import { applyDevStackSettings, DevStackLocationConfig } from './dev-stack-settings';
import { ServiceDatabaseConfig } from './service-database-config';

/** `npm run db:migrate`: applies every pending migration (timestamped files, all services' tables). */
async function main(): Promise<void> {
  const config = loadConfig(ServiceDatabaseConfig);
  const settingsFile = applyDevStackSettings(config, loadConfig(DevStackLocationConfig));
  if (settingsFile) process.stderr.write(`migrating the stack npm start runs: settings from ${settingsFile}\n`);
  const db = createKysely<unknown>(config.DATABASE_URL, () => undefined, 1);
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: path.join(__dirname, '..', 'migrations') }),
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    process.stdout.write(`${result.status === 'Success' ? 'applied' : result.status}: ${result.migrationName}\n`);
  }
  await db.destroy();
  if (error) {
    process.stderr.write(`migration failed: ${error instanceof Error ? error.message : JSON.stringify(error)}\n`);
    process.exit(1);
  }
}

void main();
