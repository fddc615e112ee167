import type { Infrastructure } from '../stack/stack';

const VARIABLE = 'WH_INTEGRATION_INFRA';

/** The global setup runs in jest's parent process; test files learn the servers it found from the environment. */
export function publishMediumInfrastructure(infrastructure: Infrastructure): void {
  process.env[VARIABLE] = JSON.stringify({
    natsUrl: infrastructure.natsUrl,
    postgresAdminUrl: infrastructure.postgresAdminUrl,
  });
}

/** NATS and Postgres of the integration run. */
export function mediumInfrastructure(): Infrastructure {
  const published = process.env[VARIABLE];
  if (!published)
    throw new Error('no integration infrastructure: run int-specs through `jest --selectProjects integration`');
  return JSON.parse(published) as Infrastructure;
}
