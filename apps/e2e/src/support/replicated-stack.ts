import { type NatsCluster, type RunningStack, startNatsCluster, startStack } from '@wh/testing';
import { sharedInfrastructure } from './stack-env';

/** A Kubernetes install with two replicas, on loopback: a three-node NATS cluster with streams at replication 3. */
export interface ReplicatedStack {
  cluster: NatsCluster;
  stack: RunningStack;
  stop(): Promise<void>;
}

/**
 * Two processes of each service but extract-service on a three-node JetStream cluster, an S3 bucket of their own and
 * one `FILES_URL_SECRET` for both gateways; `env` adds or overrides settings.
 */
export async function startReplicatedStack(label: string, env: Record<string, string>): Promise<ReplicatedStack> {
  const cluster = await startNatsCluster();
  try {
    const stack = await startStack(
      { natsUrl: cluster.url, postgresAdminUrl: sharedInfrastructure().postgresAdminUrl },
      {
        services: ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'billing-service', 'browser-session-manager'],
        replicas: 2,
        objectStorage: 's3',
        env: {
          FILES_URL_SECRET: `one-secret-for-both-gateways-of-the-${label}-test`,
          BROWSER_HEARTBEAT_MS: '500',
          NATS_REPLICAS: '3',
          ...env,
        },
        label,
      },
    );
    return {
      cluster,
      stack,
      stop: async () => {
        await stack.stop();
        await cluster.stop();
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
