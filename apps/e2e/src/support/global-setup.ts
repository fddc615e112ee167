import { provideChromium, provideInfrastructure, startStack } from '@wh/testing';
import { publishStack } from './stack-env';

/** Starts NATS and Postgres if needed, then the six services, once for the whole e2e suite. */
export default async function globalSetup(): Promise<void> {
  // Every stack of the run (services inherit this process's environment) has a namespace of its own on one shared
  // nats-server, which reserves each namespace's DIRECT_SCRAPE_RESULTS size in its 256 MB memory store (128 MB a node
  // on the suites' clusters), left-over namespaces of killed runs included: 4 MB keeps dozens of them within it.
  process.env.DIRECT_SCRAPE_RESULTS_MAX_MB ??= '4';
  const infrastructure = await provideInfrastructure();
  process.env.WH_E2E_INFRA = JSON.stringify({
    natsUrl: infrastructure.natsUrl,
    postgresAdminUrl: infrastructure.postgresAdminUrl,
  });
  const chromiumPath = await provideChromium();
  process.env.CHROMIUM_PATH = chromiumPath;
  const stack = await startStack(infrastructure, { label: 'shared', env: { CHROMIUM_PATH: chromiumPath } });
  const { processes: _processes, startService: _startService, stop: _stop, env: _env, ...description } = stack;
  publishStack(description);
  const state = globalThis as { __WH_E2E__?: { stack: typeof stack; infrastructure: typeof infrastructure } };
  state.__WH_E2E__ = { stack, infrastructure };
}
