import { connect } from 'nats';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canQuery, ensureChromiumBinary, startEmbeddedPostgres, startNatsServer } from '@wh/tools/dev';
import { freePort } from './free-port';
import type { Infrastructure } from './stack';

export interface ProvidedInfrastructure extends Infrastructure {
  /** Stops whatever this run started (nothing when the servers were already there). */
  stop(): Promise<void>;
}

const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function natsAnswers(url: string): Promise<boolean> {
  try {
    const connection = await connect({ servers: url, timeout: 1_000, reconnect: false });
    const manager = await connection.jetstreamManager();
    await manager.getAccountInfo();
    await connection.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * Uses the machine's NATS (with JetStream) and Postgres when they answer (or the ones named by
 * E2E_NATS_URL / E2E_POSTGRES_URL); otherwise starts private ones for this run, in a temporary folder.
 */
export async function provideInfrastructure(): Promise<ProvidedInfrastructure> {
  const natsUrl = process.env.E2E_NATS_URL ?? DEFAULT_NATS_URL;
  const postgresAdminUrl = process.env.E2E_POSTGRES_URL ?? DEFAULT_POSTGRES_URL;
  const [natsUp, postgresUp] = await Promise.all([natsAnswers(natsUrl), canQuery(postgresAdminUrl)]);
  if (natsUp && postgresUp) return { natsUrl, postgresAdminUrl, stop: async () => undefined };

  const workDir = mkdtempSync(path.join(tmpdir(), 'wh-e2e-'));
  const nats = natsUp
    ? undefined
    : await startNatsServer({
        port: await freePort(),
        monitorPort: await freePort(),
        storeDir: path.join(workDir, 'nats'),
      });
  const postgres = postgresUp
    ? undefined
    : await startEmbeddedPostgres({
        port: await freePort(),
        dataDir: path.join(workDir, 'postgres'),
        settings: { fsync: 'off' },
      });
  return {
    natsUrl: nats?.url ?? natsUrl,
    postgresAdminUrl: postgres?.adminUrl ?? postgresAdminUrl,
    stop: async () => {
      await postgres?.stop();
      await nats?.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium for the browser suites: CHROMIUM_PATH when given, else the installed package, installing it on
 * a fresh Debian machine when run as root (never a downloaded browser build).
 */
export async function provideChromium(): Promise<string> {
  return process.env.CHROMIUM_PATH ?? (await ensureChromiumBinary());
}
