import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { REPO_ROOT } from '../stack/service-process';

const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'libs', 'platform', 'database', 'migrations');

/**
 * The project's migrations, loaded with `require`. Kysely's FileMigrationProvider loads them with `import()`, which
 * Jest's CommonJS sandbox cannot run; `require` goes through Jest's TypeScript transform.
 */
class RequiredMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of readdirSync(MIGRATIONS_FOLDER)) {
      if (!/\.(ts|js)$/.test(file) || file.endsWith('.d.ts')) continue;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      migrations[file.replace(/\.(ts|js)$/, '')] = require(path.join(MIGRATIONS_FOLDER, file)) as Migration;
    }
    return migrations;
  }
}

/** Applies every migration of libs/platform/database/migrations, as `npm run db:migrate` does. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: new RequiredMigrations() }).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'a migration';
    throw new Error(`${failed} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
}
