// `npm start`: local NATS and Postgres (unless NATS_URL / DATABASE_URL point elsewhere), migrations, a dev API
// key, and the six services as child processes with prefixed logs. Ctrl-C stops services first (they drain
// against live infrastructure), then Postgres, then NATS.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ensureChromiumBinary, ensureFilterLists } from './chromium';
import { SystemPackageMissingError } from './debian-package';
import { describeExtractionMode } from './extraction-mode';
import { describeSearchMode } from './search-mode';
import { parseStartOptions, replicaLabel, replicaPort, serviceOfLabel, type StartOptions } from './start-options';
import { startNatsServer } from './nats-server';
import { writeStackSettings } from './stack-settings';
import { createDatabase, startEmbeddedPostgres, withDatabase } from './postgres';
import {
  commandLineOf,
  describeExit,
  type ExitInfo,
  isAlive,
  isPortFree,
  makePrefix,
  type ManagedProcess,
  runCommand,
  signalProcess,
  spawnPrefixed,
  stopLeftover,
  waitForHttpOk,
} from './processes';

const SERVICES = [
  { name: 'api-gateway', port: 3002 },
  { name: 'scrape-worker', port: 3101 },
  { name: 'crawl-scheduler', port: 3102 },
  { name: 'browser-session-manager', port: 3103 },
  { name: 'extract-service', port: 3104 },
  { name: 'billing-service', port: 3105 },
] as const;

const NATS_PORT = 14222;
const NATS_MONITOR_PORT = 18222;
const POSTGRES_PORT = 15432;
const DATABASE_NAME = 'webharvest';
const BASE_URL = 'http://localhost:3002';
const STOP_GRACE_MS = 15_000;
const READY_TIMEOUT_MS = 120_000;
const REGISTER_PATHS = './tools/register-paths.js';

/** Thrown by startup steps once shutdown has begun; not worth reporting. */
class StartupAborted extends Error {}

function findWorkspaceRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'tools', 'register-paths.js'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no workspace root (tools/register-paths.js) above ${__dirname}`);
    dir = parent;
  }
  return dir;
}

function maskPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

class Output {
  private readonly color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
  private readonly width: number;
  private readonly prefixes = new Map<string, string>();

  constructor(replicas: number) {
    this.width = Math.max(...SERVICES.map((service) => replicaLabel(service.name, replicas - 1).length));
  }

  prefix(name: string): string {
    let prefix = this.prefixes.get(name);
    if (!prefix) {
      prefix = makePrefix(name, this.width, this.prefixes.size, this.color);
      this.prefixes.set(name, prefix);
    }
    return prefix;
  }

  line(name: string, text: string): void {
    process.stdout.write(`${this.prefix(name)}${text}\n`);
  }

  say(text: string): void {
    this.line('npm start', text);
  }

  bold(text: string): string {
    return this.color ? `\x1b[1m${text}\x1b[0m` : text;
  }
}

/** Server log lines worth showing on the console; everything goes to the log file. */
const NOTEWORTHY = /\[(WRN|ERR|FTL)\]|\b(WARNING|ERROR|FATAL|PANIC):/;
// Every pooled connection is cut with this at shutdown; that is expected, not news.
const EXPECTED_AT_SHUTDOWN = /terminating connection due to administrator command/;

interface Stoppable {
  name: string;
  pid: number;
  stop(): Promise<void>;
  /** Sent synchronously if this runner exits without a shutdown (its own crash). */
  crashSignal: NodeJS.Signals;
  stopped?: boolean;
}

class DevStack {
  private readonly root = findWorkspaceRoot();
  private readonly dataDir = process.env.WH_DATA_DIR
    ? path.resolve(process.env.WH_DATA_DIR)
    : path.join(this.root, '.data');
  private readonly runnerPidFile = path.join(this.dataDir, 'dev-runner.pid');
  private readonly servicePidsFile = path.join(this.dataDir, 'dev-services.json');
  private readonly infrastructure: Stoppable[] = [];
  private readonly services: ManagedProcess[] = [];
  private stopping = false;
  private ownsWorkspace = false;
  startup: Promise<void> = Promise.resolve();

  constructor(
    private readonly out: Output,
    private readonly options: StartOptions,
  ) {}

  /** Every process to run: each service `replicas` times, the first of each on the service's own port. */
  private get replicas(): { name: string; label: string; port: number }[] {
    return SERVICES.flatMap((service) =>
      Array.from({ length: this.options.replicas }, (_, index) => ({
        name: service.name,
        label: replicaLabel(service.name, index),
        port: replicaPort(service.port, index),
      })),
    );
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  async start(): Promise<void> {
    mkdirSync(this.dataDir, { recursive: true });
    await this.claimWorkspace();
    this.checkBuilt();
    await this.checkServicePorts();

    const natsUrl = process.env.NATS_URL ?? (await this.startNats());
    const databaseUrl = process.env.DATABASE_URL ?? (await this.startPostgres());
    const chromiumPath = process.env.CHROMIUM_PATH ?? (await this.ensureChromium());
    await this.describeFilterLists();
    if (process.env.NATS_URL) this.out.say(`NATS: ${natsUrl} (from NATS_URL)`);
    if (process.env.DATABASE_URL) this.out.say(`Postgres: ${maskPassword(databaseUrl)} (from DATABASE_URL)`);

    // The CLIs get only what they read; the services get the whole development profile.
    const cliEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NATS_URL: natsUrl,
      DATABASE_URL: databaseUrl,
      WH_NAMESPACE: process.env.WH_NAMESPACE ?? 'wh',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    };
    const env: NodeJS.ProcessEnv = {
      ...cliEnv,
      PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? BASE_URL,
      ALLOW_PRIVATE_TARGETS: process.env.ALLOW_PRIVATE_TARGETS ?? 'true',
      AUTH_DISABLED: process.env.AUTH_DISABLED ?? 'false',
      CHROMIUM_PATH: chromiumPath,
      // Below the 15 s this runner waits before SIGKILL, so in-flight work is handed back cleanly.
      SHUTDOWN_GRACE_MS: process.env.SHUTDOWN_GRACE_MS ?? '10000',
      // One key for every gateway and the crawl-scheduler, or a file URL one signed fails on another (each would make
      // its own, and the scheduler none: its webhook bodies would carry unsigned references).
      FILES_URL_SECRET: process.env.FILES_URL_SECRET ?? randomBytes(32).toString('base64url'),
    };

    writeStackSettings(this.dataDir, {
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      WH_NAMESPACE: cliEnv.WH_NAMESPACE ?? 'wh',
    });
    await this.migrate(cliEnv);
    const apiKey = await this.ensureDevKey(cliEnv);

    if (env.ALLOW_PRIVATE_TARGETS === 'true') {
      this.out.say(
        this.out.bold(
          'ALLOW_PRIVATE_TARGETS=true: local development profile, scrapes may reach loopback and private addresses.',
        ),
      );
    }
    if (env.AUTH_DISABLED === 'true')
      this.out.say(this.out.bold('AUTH_DISABLED=true: the API accepts requests without a key.'));
    for (const line of describeExtractionMode(env)) this.out.say(line);
    for (const line of describeSearchMode(env)) this.out.say(line);

    if (this.options.replicas > 1) {
      this.out.say(
        `${this.options.replicas} processes of each service on one NATS and one Postgres; replica k of a service on its port + 1000·(k-1) (the second gateway on :4002)`,
      );
    }
    for (const replica of this.replicas) this.startService(replica.name, replica.label, replica.port, env);
    this.recordServicePids();
    await Promise.all(this.replicas.map((replica) => this.waitReady(replica.label, replica.port)));
    this.printBanner(apiKey);
  }

  /** Stops services (parallel, SIGTERM then SIGKILL after 15 s), then Postgres and NATS, then exits. */
  async shutdown(code: number, reason?: string): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.out.say(reason ? `${reason}: stopping everything` : 'stopping everything');
    // A startup step in flight (e.g. starting Postgres) finishes or aborts first, so what it starts is stopped too.
    await this.startup.catch(() => undefined);
    const results = await Promise.all(
      this.services.map(async (service) => ({ service, ...(await service.stop(STOP_GRACE_MS)) })),
    );
    for (const { service, killed } of results) {
      if (killed) this.out.say(`${service.name} did not stop within ${STOP_GRACE_MS / 1000} s and was killed`);
    }
    for (const item of [...this.infrastructure].reverse()) {
      try {
        await item.stop();
        item.stopped = true;
        this.out.say(`${item.name} stopped`);
      } catch (error) {
        this.out.say(`${item.name} did not stop cleanly: ${(error as Error).message}`);
        code = code || 1;
      }
    }
    if (this.ownsWorkspace) {
      rmSync(this.servicePidsFile, { force: true });
      rmSync(this.runnerPidFile, { force: true });
    }
    process.exit(code);
  }

  /** Last resort from process 'exit' (a crash of this runner): nothing detached may outlive it. */
  killEverything(): void {
    for (const service of this.services) if (service.isRunning()) service.killNow();
    for (const item of this.infrastructure) if (!item.stopped) signalProcess(item.pid, item.crashSignal);
  }

  /** Server output goes to .data/logs/<name>.log; warnings and errors are echoed. */
  private serverLog(name: string): (line: string) => void {
    mkdirSync(path.join(this.dataDir, 'logs'), { recursive: true });
    const fd = openSync(path.join(this.dataDir, 'logs', `${name}.log`), 'a');
    return (line) => {
      writeSync(fd, `${line}\n`);
      if (NOTEWORTHY.test(line) && !EXPECTED_AT_SHUTDOWN.test(line)) this.out.line(name, line);
    };
  }

  private guard(): void {
    if (this.stopping) throw new StartupAborted('stopping');
  }

  /** One runner per workspace; services an earlier, killed runner left behind are stopped. */
  private async claimWorkspace(): Promise<void> {
    const previous = Number.parseInt(
      existsSync(this.runnerPidFile) ? readFileSync(this.runnerPidFile, 'utf8') : '',
      10,
    );
    if (
      previous > 0 &&
      previous !== process.pid &&
      isAlive(previous) &&
      commandLineOf(previous)?.includes('tools/dev/start')
    ) {
      throw new Error(`another npm start is running in this workspace (pid ${previous}); stop it first`);
    }
    writeFileSync(this.runnerPidFile, `${process.pid}\n`);
    this.ownsWorkspace = true;
    if (!existsSync(this.servicePidsFile)) return;
    const leftovers = JSON.parse(readFileSync(this.servicePidsFile, 'utf8')) as Record<string, number>;
    await Promise.all(
      Object.entries(leftovers).map(async ([name, pid]) => {
        if (!(await stopLeftover(pid, `dist/apps/${serviceOfLabel(name)}/src/main.js`))) return;
        signalProcess(-pid, 'SIGKILL');
        this.out.say(`stopped ${name} (pid ${pid}) left running by an earlier npm start`);
      }),
    );
    rmSync(this.servicePidsFile, { force: true });
  }

  private checkBuilt(): void {
    const missing = SERVICES.map((service) => `dist/apps/${service.name}/src/main.js`).filter(
      (file) => !existsSync(path.join(this.root, file)),
    );
    if (missing.length > 0) throw new Error(`not built: ${missing.join(', ')} (run npm run build)`);
  }

  private async checkServicePorts(): Promise<void> {
    for (const service of this.replicas) {
      if (!(await isPortFree(service.port, '0.0.0.0'))) {
        throw new Error(
          `port ${service.port} (${service.label}) is already in use; stop whatever holds it (e.g. \`ss -ltnp 'sport = :${service.port}'\`)`,
        );
      }
    }
  }

  private async startNats(): Promise<string> {
    this.guard();
    const storeDir = path.join(this.dataDir, 'nats');
    try {
      const nats = await startNatsServer({
        port: NATS_PORT,
        monitorPort: NATS_MONITOR_PORT,
        storeDir,
        maxMemory: '512MB',
        maxFile: '8GB',
        detached: true,
        stopLeftover: true,
        onLog: this.serverLog('nats'),
        onNotice: (message) => this.out.line('nats', message),
      });
      this.track({ name: 'nats-server', pid: nats.pid, stop: () => nats.stop(), crashSignal: 'SIGTERM' }, nats.exited);
      this.out.say(
        `NATS: started ${nats.url} with JetStream (store .data/nats, log .data/logs/nats.log, monitor ${nats.monitorUrl})`,
      );
      return nats.url;
    } catch (error) {
      if (error instanceof SystemPackageMissingError) {
        process.stderr.write(`\n${error.message}\n\n`);
        throw new StartupAborted('nats-server missing');
      }
      throw error;
    }
  }

  private async ensureChromium(): Promise<string> {
    this.guard();
    try {
      return await ensureChromiumBinary({ log: (line) => this.out.line('apt', line) });
    } catch (error) {
      if (error instanceof SystemPackageMissingError) {
        process.stderr.write(`\n${error.message}\n\n`);
        throw new StartupAborted('chromium missing');
      }
      throw error;
    }
  }

  /** blockAds uses the lists Debian's uBlock Origin package ships unless ADBLOCK_LISTS names others. */
  private async describeFilterLists(): Promise<void> {
    this.guard();
    if (process.env.ADBLOCK_LISTS !== undefined) {
      this.out.say(`blockAds: filter lists from ADBLOCK_LISTS (${process.env.ADBLOCK_LISTS || 'none'})`);
      return;
    }
    const installed = await ensureFilterLists({ log: (line) => this.out.line('apt', line) });
    this.out.say(
      installed
        ? 'blockAds: EasyList, EasyPrivacy and uBlock filters (webext-ublock-origin-chromium) and consent-notice rules'
        : 'blockAds: consent-notice rules only (webext-ublock-origin-chromium could not be installed)',
    );
  }

  private async startPostgres(): Promise<string> {
    this.guard();
    const postgres = await startEmbeddedPostgres({
      port: POSTGRES_PORT,
      dataDir: path.join(this.dataDir, 'postgres'),
      detached: true,
      stopLeftover: true,
      onLog: this.serverLog('postgres'),
      onNotice: (message) => this.out.line('postgres', message),
    });
    // SIGINT is Postgres' fast shutdown.
    this.track(
      { name: 'postgres', pid: postgres.pid, stop: () => postgres.stop(), crashSignal: 'SIGINT' },
      postgres.exited,
    );
    if (await createDatabase(postgres.adminUrl, DATABASE_NAME)) this.out.say(`created database ${DATABASE_NAME}`);
    const url = withDatabase(postgres.adminUrl, DATABASE_NAME);
    this.out.say(
      `Postgres: ${postgres.initialised ? 'initialised and started' : 'started'} ${maskPassword(url)} (data .data/postgres, log .data/logs/postgres.log)`,
    );
    return url;
  }

  /** Remembers something to stop at shutdown, and treats its exit before then as a failure. */
  private track(item: Stoppable, exited: Promise<ExitInfo>): void {
    this.infrastructure.push(item);
    void exited.then((exit) => {
      item.stopped = true;
      if (!this.stopping) void this.shutdown(1, `${item.name} exited unexpectedly (${describeExit(exit)})`);
    });
  }

  private node(args: string[]): [string, string[]] {
    return [process.execPath, ['-r', REGISTER_PATHS, ...args]];
  }

  private async migrate(env: NodeJS.ProcessEnv): Promise<void> {
    this.guard();
    const [command, args] = this.node(['dist/libs/platform/database/src/migrate.cli.js']);
    const { exit } = await runCommand(command, args, {
      cwd: this.root,
      env,
      onLine: (line) => this.out.line('migrate', line),
    });
    if (exit.code !== 0) throw new Error(`migrations failed (${describeExit(exit)})`);
  }

  private async ensureDevKey(env: NodeJS.ProcessEnv): Promise<string> {
    this.guard();
    const keyFile = path.join(this.dataDir, 'dev-api-key');
    const [command, args] = this.node([
      'dist/apps/billing-service/src/admin/admin.cli.js',
      'ensure-dev-key',
      '--file',
      keyFile,
    ]);
    const { exit, stdout, stderr } = await runCommand(command, args, { cwd: this.root, env });
    if (exit.code !== 0) throw new Error(`ensure-dev-key failed (${describeExit(exit)}): ${stderr.trim()}`);
    const key =
      stdout.trim().split('\n').pop()?.trim() || (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '');
    if (!key) throw new Error('ensure-dev-key printed no key');
    return key;
  }

  private startService(name: string, label: string, port: number, env: NodeJS.ProcessEnv): void {
    this.guard();
    const [command, args] = this.node([`dist/apps/${name}/src/main.js`]);
    const service = spawnPrefixed({
      name: label,
      command,
      args,
      cwd: this.root,
      env: { ...env, HTTP_PORT: String(port) },
      prefix: this.out.prefix(label),
      // Own process group: Ctrl-C reaches only this runner, which stops services before their infrastructure.
      detached: true,
    });
    this.services.push(service);
    void service.exited.then((exit) => {
      if (!this.stopping) void this.shutdown(1, `${label} exited unexpectedly (${describeExit(exit)})`);
    });
  }

  private recordServicePids(): void {
    const pids = Object.fromEntries(this.services.map((service) => [service.name, service.pid]));
    writeFileSync(this.servicePidsFile, `${JSON.stringify(pids)}\n`);
  }

  private async waitReady(name: string, port: number): Promise<void> {
    const service = this.services.find((candidate) => candidate.name === name);
    await waitForHttpOk(`http://127.0.0.1:${port}/readyz`, {
      timeoutMs: READY_TIMEOUT_MS,
      intervalMs: 200,
      abortReason: () => (this.stopping ? 'stopping' : service?.isRunning() === false ? `${name} exited` : undefined),
    });
    this.out.say(`${name} is ready on :${port}`);
  }

  private printBanner(apiKey: string): void {
    const b = (text: string): string => this.out.bold(text);
    process.stdout.write(
      [
        '',
        `${b('WebHarvest is running:')} ${BASE_URL}`,
        `  dev API key (team "dev", kept in .data/dev-api-key): ${apiKey}`,
        '  try:',
        `    curl -s ${BASE_URL}/v2/scrape \\`,
        `      -H "Authorization: Bearer ${apiKey}" -H 'Content-Type: application/json' \\`,
        `      -d '{"url": "https://example.com", "formats": ["markdown"]}'`,
        '  Ctrl-C stops everything.',
        '',
        '',
      ].join('\n'),
    );
  }
}

async function main(): Promise<void> {
  let options: StartOptions;
  try {
    options = parseStartOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const out = new Output(options.replicas);
  const stack = new DevStack(out, options);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void stack.shutdown(0, signal));
  }
  process.on('exit', () => stack.killEverything());
  process.on('uncaughtException', (error) => {
    out.say(`unexpected error: ${error.stack ?? error.message}`);
    void stack.shutdown(1, 'runner failure');
  });
  process.on('unhandledRejection', (reason) => {
    out.say(`unexpected error: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
    void stack.shutdown(1, 'runner failure');
  });

  stack.startup = stack.start();
  try {
    await stack.startup;
  } catch (error) {
    if (stack.isStopping) return;
    if (!(error instanceof StartupAborted)) out.say(`startup failed: ${(error as Error).message}`);
    await stack.shutdown(1);
  }
}

void main();
