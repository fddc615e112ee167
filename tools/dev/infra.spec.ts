import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import { ensureNatsServerBinary, type NatsServer, startNatsServer } from './nats-server';
import { createDatabase, dropDatabase, type EmbeddedPostgres, startEmbeddedPostgres, withDatabase } from './postgres';
import { freePort, isAlive, isPortFree } from './processes';

describe('development infrastructure', () => {
  const tempDirs: string[] = [];
  const tempDir = (label: string): string => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `wh-${label}-`));
    tempDirs.push(dir);
    return dir;
  };

  afterAll(() => {
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  describe('nats-server', () => {
    let server: NatsServer | undefined;

    afterEach(async () => {
      await server?.stop();
      server = undefined;
    });

    it('starts JetStream on a free port, serves clients and stops', async () => {
      const binary = await ensureNatsServerBinary();
      const [port, monitorPort] = [await freePort(), await freePort()];
      server = await startNatsServer({ port, monitorPort, storeDir: path.join(tempDir('nats'), 'store'), binary });
      expect(server.url).toBe(`nats://127.0.0.1:${port}`);

      const nc = await connect({ servers: server.url });
      try {
        const jsm = await nc.jetstreamManager();
        await jsm.streams.add({ name: 'INFRA_SPEC', subjects: ['infra.spec.>'] });
        const ack = await nc.jetstream().publish('infra.spec.hello', new TextEncoder().encode('hi'), { msgID: 'one' });
        expect(ack.seq).toBe(1);
        const account = await jsm.getAccountInfo();
        expect(account.streams).toBe(1);
      } finally {
        await nc.close();
      }

      const { pid } = server;
      await server.stop();
      server = undefined;
      expect(isAlive(pid)).toBe(false);
      expect(await isPortFree(port)).toBe(true);
    }, 60_000);

    it('refuses a port that is already taken', async () => {
      const [port, monitorPort] = [await freePort(), await freePort()];
      const storeDir = tempDir('nats-busy');
      server = await startNatsServer({ port, monitorPort, storeDir });
      await expect(startNatsServer({ port, monitorPort, storeDir: tempDir('nats-busy2') })).rejects.toThrow(
        /already in use/,
      );
    }, 30_000);
  });

  describe('embedded postgres', () => {
    let postgres: EmbeddedPostgres | undefined;

    afterEach(async () => {
      await postgres?.stop();
      postgres = undefined;
    });

    it('initialises a cluster, answers queries, and reuses the data dir on restart', async () => {
      const port = await freePort();
      const dataDir = path.join(tempDir('pg'), 'data');
      postgres = await startEmbeddedPostgres({ port, dataDir, settings: { fsync: 'off' } });
      expect(postgres.initialised).toBe(true);

      expect(await createDatabase(postgres.adminUrl, 'infra_spec')).toBe(true);
      expect(await createDatabase(postgres.adminUrl, 'infra_spec')).toBe(false);
      const client = new Client({ connectionString: withDatabase(postgres.adminUrl, 'infra_spec') });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const result = await client.query<{ one: number; db: string }>('select 1 as one, current_database() as db');
        expect(result.rows).toEqual([{ one: 1, db: 'infra_spec' }]);
      } finally {
        await client.end();
      }

      await postgres.stop();
      postgres = await startEmbeddedPostgres({ port, dataDir, settings: { fsync: 'off' } });
      expect(postgres.initialised).toBe(false);
      await dropDatabase(postgres.adminUrl, 'infra_spec');
      expect(await createDatabase(postgres.adminUrl, 'infra_spec')).toBe(true);

      const { pid } = postgres;
      await postgres.stop();
      postgres = undefined;
      expect(isAlive(pid)).toBe(false);
    }, 60_000);
  });
});
