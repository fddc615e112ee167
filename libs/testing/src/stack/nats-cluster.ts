import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { ensureNatsServerBinary, pollUntil, superviseServer, type SupervisedServer } from '@wh/tools/dev';
import { freePort } from './free-port';

export interface NatsClusterNode {
  name: string;
  /** `nats://127.0.0.1:<port>` of this node alone. */
  url: string;
  monitorUrl: string;
  /** Whether the node's process runs (false after `kill`, until `start`). */
  running(): boolean;
  /** Ends the node's process with a signal (SIGKILL: as a crashed pod) and resolves once it is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the node again on its ports and data folder, and resolves once it is healthy. */
  start(): Promise<void>;
}

export interface NatsCluster {
  /** Every node's client URL, comma separated, as NATS_URL takes them. */
  url: string;
  nodes: NatsClusterNode[];
  stop(): Promise<void>;
}

interface NodePorts {
  name: string;
  client: number;
  monitor: number;
  route: number;
}

function configOf(node: NodePorts, all: NodePorts[], storeDir: string, clusterName: string): string {
  const quote = (value: string): string => JSON.stringify(value);
  const routes = all.filter((other) => other !== node).map((other) => quote(`nats-route://127.0.0.1:${other.route}`));
  return [
    `server_name: ${quote(node.name)}`,
    `listen: ${quote(`127.0.0.1:${node.client}`)}`,
    `http: ${quote(`127.0.0.1:${node.monitor}`)}`,
    'jetstream {',
    `  store_dir: ${quote(storeDir)}`,
    '  max_memory_store: 128MB',
    '  max_file_store: 1GB',
    '}',
    'cluster {',
    `  name: ${quote(clusterName)}`,
    `  listen: ${quote(`127.0.0.1:${node.route}`)}`,
    `  routes: [${routes.join(', ')}]`,
    '}',
    '',
  ].join('\n');
}

async function healthy(monitorUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${monitorUrl}/healthz`, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

/** Whether JetStream answers through this URL: a meta leader has been elected. */
async function jetStreamAnswers(url: string): Promise<boolean> {
  try {
    const connection = await connect({ servers: url, timeout: 1_000, reconnect: false });
    try {
      await (await connection.jetstreamManager({ timeout: 2_000 })).getAccountInfo();
      return true;
    } finally {
      await connection.close();
    }
  } catch {
    return false;
  }
}

/**
 * A JetStream cluster of Debian's nats-server processes on loopback (free ports, a temporary folder), as a
 * Kubernetes NATS StatefulSet runs it: named servers joined by routes, so streams and key-value buckets can be
 * replicated to three nodes. Resolves once JetStream answers through the cluster.
 */
export async function startNatsCluster(
  options: { nodes?: number; startTimeoutMs?: number } = {},
): Promise<NatsCluster> {
  const count = options.nodes ?? 3;
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const binary = await ensureNatsServerBinary();
  const workDir = await mkdtemp(path.join(tmpdir(), 'wh-nats-cluster-'));
  const clusterName = path.basename(workDir);
  // A port freed for us can be handed out again at the next call: nine distinct ones are needed.
  const taken = new Set<number>();
  const distinctPort = async (): Promise<number> => {
    for (;;) {
      const port = await freePort();
      if (taken.has(port)) continue;
      taken.add(port);
      return port;
    }
  };
  const ports: NodePorts[] = [];
  for (let index = 0; index < count; index++) {
    ports.push({
      name: `n${index + 1}`,
      client: await distinctPort(),
      monitor: await distinctPort(),
      route: await distinctPort(),
    });
  }

  const nodes = await Promise.all(
    ports.map(async (node): Promise<NatsClusterNode> => {
      const configFile = path.join(workDir, `${node.name}.conf`);
      await writeFile(configFile, configOf(node, ports, path.join(workDir, node.name), clusterName));
      const monitorUrl = `http://127.0.0.1:${node.monitor}`;
      let server: SupervisedServer | undefined;
      let child: ReturnType<typeof spawn> | undefined;
      const start = async (): Promise<void> => {
        child = spawn(binary, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
        const supervised = superviseServer(child, () => undefined, 'SIGTERM', 10_000);
        server = supervised;
        await pollUntil(`nats-server ${node.name} to report healthy`, () => healthy(monitorUrl), {
          timeoutMs,
          intervalMs: 50,
          abortReason: () => {
            const exit = supervised.exitInfo();
            return exit ? `nats-server ${node.name} exited: ${supervised.outputTail()}` : undefined;
          },
        });
      };
      return {
        name: node.name,
        url: `nats://127.0.0.1:${node.client}`,
        monitorUrl,
        running: () => server !== undefined && server.exitInfo() === undefined,
        kill: async (signal = 'SIGKILL') => {
          if (!server || server.exitInfo() || !child?.pid) return;
          child.kill(signal);
          await server.exited;
        },
        start,
      };
    }),
  );
  const url = nodes.map((node) => node.url).join(',');
  const stop = async (): Promise<void> => {
    await Promise.all(nodes.map((node) => node.kill('SIGTERM')));
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    await Promise.all(nodes.map((node) => node.start()));
    await pollUntil('the NATS cluster to elect a JetStream leader', () => jetStreamAnswers(url), {
      timeoutMs,
      intervalMs: 250,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, nodes, stop };
}
