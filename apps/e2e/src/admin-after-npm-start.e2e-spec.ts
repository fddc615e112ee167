import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { REPO_ROOT, runCompiled } from '@wh/testing';
import {
  createDatabase,
  type EmbeddedPostgres,
  freePort,
  startEmbeddedPostgres,
  withDatabase,
  writeStackSettings,
} from '@wh/tools/dev';
import { sharedInfrastructure } from './support/stack-env';

// initdb, a migration and three npm commands on a shared two-core machine.
jest.setTimeout(120_000);

/** `npm run admin -- <args>` from the workspace, as the README words it, with the given environment. */
function npmRunAdmin(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'admin', '--', ...args], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A stack set up the way `npm start` sets up its own: an embedded Postgres with a password on a port of its own, a
 * migrated `webharvest` database, and the settings file npm start writes into its data folder (here a temporary
 * one, named by WH_DATA_DIR as npm start would be given it).
 */
describe('npm run admin after npm start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wh-e2e-dev-data-'));
  let postgres: EmbeddedPostgres | undefined;
  let databaseUrl = '';

  beforeAll(async () => {
    postgres = await startEmbeddedPostgres({ port: await freePort(), dataDir: path.join(dataDir, 'postgres') });
    await createDatabase(postgres.adminUrl, 'webharvest');
    databaseUrl = withDatabase(postgres.adminUrl, 'webharvest');
    await runCompiled('libs/platform/database/src/migrate.cli.js', [], { DATABASE_URL: databaseUrl });
    writeStackSettings(dataDir, {
      DATABASE_URL: databaseUrl,
      NATS_URL: sharedInfrastructure().natsUrl,
      WH_NAMESPACE: 'wh',
    });
  });

  afterAll(async () => {
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a team and a key in the stack npm start runs, with nothing but the workspace to go on', async () => {
    const { DATABASE_URL: _database, NATS_URL: _nats, WH_NAMESPACE: _namespace, ...inherited } = process.env;
    const env = { ...inherited, WH_DATA_DIR: dataDir };

    const team = await npmRunAdmin(['create-team', 'acme', '--concurrency', '5'], env);
    expect(team).toMatchObject({ code: 0, stdout: expect.stringContaining('team acme') });
    expect(team.stderr).toContain(`settings from ${path.join(dataDir, 'stack.env')}`);
    const key = await npmRunAdmin(['create-key', 'acme'], env);
    expect(key.code).toBe(0);
    const printedKey = key.stdout.trim().split('\n').at(-1) ?? '';

    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ prefix: string }>(
        'select k.key_prefix as prefix from api_keys k join teams t on t.id = k.team_id where t.name = $1',
        ['acme'],
      );
      expect(rows).toEqual([{ prefix: printedKey.slice(0, 7) }]);
    } finally {
      await db.end();
    }
  });

  it('leaves a database named in the environment alone', async () => {
    const elsewhere = withDatabase(postgres?.adminUrl ?? '', 'not_this_one');
    const { NATS_URL: _nats, ...inherited } = process.env;
    const refused = await npmRunAdmin(['list-keys', 'acme'], {
      ...inherited,
      WH_DATA_DIR: dataDir,
      DATABASE_URL: elsewhere,
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('"not_this_one" does not exist');
  });
});
