/** What `npm start -- …` was asked for. */
export interface StartOptions {
  /** Processes of each service, on one NATS and one Postgres (1: the usual development stack). */
  replicas: number;
}

const MAX_REPLICAS = 4;
/** Replica k (from 0) of a service listens on its port plus this times k: 3002, 4002, 5002… for the gateway. */
export const REPLICA_PORT_STEP = 1_000;

export const START_USAGE = `usage: npm start [-- --replicas N]   (N from 1 to ${MAX_REPLICAS}: processes of each service)`;

/** Reads the runner's arguments; throws with the usage for anything it does not know. */
export function parseStartOptions(args: readonly string[]): StartOptions {
  let replicas = 1;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const [name, inline] = arg.startsWith('--replicas=') ? ['--replicas', arg.slice('--replicas='.length)] : [arg];
    if (name !== '--replicas') throw new Error(`unknown argument ${arg}\n${START_USAGE}`);
    const value = inline ?? args[++index];
    replicas = Number(value);
    if (!/^\d+$/.test(value ?? '') || replicas < 1 || replicas > MAX_REPLICAS) {
      throw new Error(
        `--replicas takes a whole number from 1 to ${MAX_REPLICAS}, not ${value ?? 'nothing'}\n${START_USAGE}`,
      );
    }
  }
  return { replicas };
}

/** The HTTP port of replica `index` (from 0) of a service whose first replica listens on `port`. */
export function replicaPort(port: number, index: number): number {
  return port + REPLICA_PORT_STEP * index;
}

/** The name a replica's log lines and recorded pid go under: the service's own for the first, `name#2`… after. */
export function replicaLabel(service: string, index: number): string {
  return index === 0 ? service : `${service}#${index + 1}`;
}

/** The service a label names. */
export function serviceOfLabel(label: string): string {
  return label.replace(/#\d+$/, '');
}
