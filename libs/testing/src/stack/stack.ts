import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { connect, type JetStreamManager } from 'nats';
import { createDatabase, dropDatabase, withDatabase } from '@wh/tools/dev';
import { freePort } from './free-port';
import { type S3Server, startS3Server } from './s3-server';
import { REPO_ROOT, runCompiled, spawnCompiled, stopProcess, waitForHttpOk } from './service-process';

/** Host names under this domain resolve to 127.0.0.1 in every test stack. */
export const CRAWL_TEST_DOMAIN = 'crawl.test';

export const ALL_SERVICES = [
  'api-gateway',
  'scrape-worker',
  'crawl-scheduler',
  'browser-session-manager',
  'extract-service',
  'billing-service',
] as const;
export type ServiceName = (typeof ALL_SERVICES)[number];

export interface Infrastructure {
  natsUrl: string;
  /** URL of a database we may create and drop databases from. */
  postgresAdminUrl: string;
}

export interface StackDescription {
  baseUrl: string;
  apiKey: string;
  namespace: string;
  databaseUrl: string;
  natsUrl: string;
  logDir: string;
  healthUrls: Record<string, string>;
}

export interface RunningStack extends StackDescription {
  processes: Map<ServiceName, ChildProcess>;
  env: NodeJS.ProcessEnv;
  /** Base URL of every process of each service (`replicas` at start, plus those `startService` added). */
  replicaUrls: Partial<Record<ServiceName, string[]>>;
  /** The processes of a service, in the order of its `replicaUrls` (a killed one stays listed). */
  processesOf(service: ServiceName): ChildProcess[];
  /** The stack's own S3-compatible server, when started with `objectStorage: 's3'`; `STORAGE_URL` names it. */
  s3?: S3Server;
  /** Starts one more replica (or a replacement) of a service in this stack; `port` picks its HTTP port. */
  startService(service: ServiceName, options?: { port?: number }): Promise<ChildProcess>;
  stop(): Promise<void>;
}

/**
 * Starts the given services as separate processes on their own namespace and database, so parallel runs
 * and leftovers on a shared NATS and Postgres never collide.
 */
// Generous: six services boot at once, and on a busy 2-core machine one of them can take most of a minute.
const READINESS_TIMEOUT_MS = 90_000;

export async function startStack(
  infrastructure: Infrastructure,
  options: {
    services?: readonly ServiceName[];
    env?: NodeJS.ProcessEnv;
    label?: string;
    /** `s3`: files and browser profiles go to an s3rver of this stack's own (free port, temporary folder). */
    objectStorage?: 'default' | 's3';
    /** Processes of each service started at once (1); the first gateway answers at `baseUrl`. */
    replicas?: number;
  } = {},
): Promise<RunningStack> {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const namespace = `e2e_${runId}`;
  const database = `wh_e2e_${runId}`;
  const logDir = path.join(REPO_ROOT, 'tmp', 'e2e-logs', `${options.label ?? 'stack'}-${runId}`);
  mkdirSync(logDir, { recursive: true });

  await createDatabase(infrastructure.postgresAdminUrl, database);
  const databaseUrl = withDatabase(infrastructure.postgresAdminUrl, database);

  const s3 = options.objectStorage === 's3' ? await startS3Server() : undefined;
  const gatewayPort = await freePort();
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  const env: NodeJS.ProcessEnv = {
    NATS_URL: infrastructure.natsUrl,
    DATABASE_URL: databaseUrl,
    WH_NAMESPACE: namespace,
    PUBLIC_BASE_URL: baseUrl,
    // The gateways' key, which the crawl-scheduler signs the file links of its webhook bodies with too.
    FILES_URL_SECRET: `files-key-of-the-${runId}-stack-for-every-service`,
    ALLOW_PRIVATE_TARGETS: 'true',
    LOG_LEVEL: 'info',
    SHUTDOWN_GRACE_MS: '10000',
    CONVERSION_THREADS: '2',
    // Crawl tests give their sites real-looking names (site.crawl.test, blog.site.crawl.test) on loopback.
    HOST_RESOLVER_RULES: `MAP *.${CRAWL_TEST_DOMAIN} 127.0.0.1`,
    // Webhook retries in seconds, not Firecrawl's minutes, so a test can watch them happen.
    WEBHOOK_RETRY_DELAYS_MS: '500,1000,2000',
    ...(s3 ? { STORAGE_URL: s3.storageUrl(namespace) } : {}),
    ...options.env,
  };
  await runCompiled('libs/platform/database/src/migrate.cli.js', [], env);
  const apiKey = (
    await runCompiled(
      'apps/billing-service/src/admin/admin.cli.js',
      ['ensure-dev-key', '--file', path.join(logDir, 'api-key')],
      env,
    )
  ).trim();

  const processes = new Map<ServiceName, ChildProcess>();
  // Every process ever started, replicas included: `processes` only names the newest one of each service.
  const started: ChildProcess[] = [];
  const healthUrls: Record<string, string> = {};
  const replicaUrls: Partial<Record<ServiceName, string[]>> = {};
  const replicaProcesses: Partial<Record<ServiceName, ChildProcess[]>> = {};
  let replica = 0;
  const startService = async (service: ServiceName, startOptions: { port?: number } = {}): Promise<ChildProcess> => {
    const port =
      startOptions.port ?? (service === 'api-gateway' && !processes.has(service) ? gatewayPort : await freePort());
    replica += 1;
    const logFile = path.join(logDir, `${service}-${replica}.log`);
    const child = spawnCompiled(`apps/${service}/src/main.js`, [], { ...env, HTTP_PORT: String(port) }, logFile);
    // Tracked before it is ready, so that a stack which never comes up still stops everything it started.
    started.push(child);
    const healthUrl = `http://127.0.0.1:${port}`;
    // A service that dies while booting fails the start at once, not after the readiness timeout.
    let onExit: (code: number | null, signal: NodeJS.Signals | null) => void = () => undefined;
    const diedBooting = new Promise<never>((_, reject) => {
      onExit = (code, signal) => reject(new Error(`${service} exited (${code ?? signal}) while booting: ${logFile}`));
      child.once('exit', onExit);
    });
    const stopPolling = new AbortController();
    try {
      await Promise.race([waitForHttpOk(`${healthUrl}/readyz`, READINESS_TIMEOUT_MS, stopPolling.signal), diedBooting]);
    } finally {
      child.off('exit', onExit);
      stopPolling.abort();
    }
    if (!processes.has(service)) healthUrls[service] = healthUrl;
    replicaUrls[service] = [...(replicaUrls[service] ?? []), healthUrl];
    replicaProcesses[service] = [...(replicaProcesses[service] ?? []), child];
    processes.set(service, child);
    return child;
  };
  const stop = async (): Promise<void> => {
    await Promise.all(started.map((child) => stopProcess(child)));
    const connection = await connect({ servers: infrastructure.natsUrl.split(',') });
    await removeNamespace(await connection.jetstreamManager(), namespace);
    await connection.close();
    await dropDatabase(infrastructure.postgresAdminUrl, database);
    await s3?.close();
  };
  try {
    // The first process of each service first: it alone takes the gateway's announced port.
    await Promise.all((options.services ?? ALL_SERVICES).map((service) => startService(service)));
    for (let extra = 1; extra < (options.replicas ?? 1); extra++) {
      await Promise.all((options.services ?? ALL_SERVICES).map((service) => startService(service)));
    }
  } catch (error) {
    // Jest runs no teardown after a failed global setup: without this, six services would outlive the run.
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    baseUrl,
    apiKey,
    namespace,
    databaseUrl,
    natsUrl: infrastructure.natsUrl,
    logDir,
    healthUrls,
    processes,
    env,
    replicaUrls,
    processesOf: (service) => [...(replicaProcesses[service] ?? [])],
    ...(s3 ? { s3 } : {}),
    startService,
    stop,
  };
}

/** Deletes every stream (and so every consumer, key-value and object bucket) of a namespace. */
export async function removeNamespace(manager: JetStreamManager, namespace: string): Promise<void> {
  const prefixes = [`${namespace.toUpperCase()}_`, `OBJ_${namespace}_`, `KV_${namespace}_`];
  for await (const stream of manager.streams.list()) {
    if (prefixes.some((prefix) => stream.config.name.startsWith(prefix)))
      await manager.streams.delete(stream.config.name);
  }
}
