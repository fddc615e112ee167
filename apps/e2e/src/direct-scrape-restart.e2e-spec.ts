import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, StorageType } from 'nats';
import { Streams } from '@wh/contracts';
import { Namespace } from '@wh/platform/messaging';
import { type NatsServer, startNatsServer } from '@wh/tools/dev';
import { eventually, freePort, type RunningStack, startStack } from '@wh/testing';
import { sharedInfrastructure } from './support/stack-env';

/**
 * A page whose first request is held open until the page closes, and which answers every later one at once: only a
 * second copy of the job can answer the scrape, however long the broker takes to come back (the first copy finishing
 * first would answer it without the resubmission the test is about). Counts its requests.
 */
async function startHeldPage(): Promise<{ url: string; fetches(): number; close(): Promise<void> }> {
  let fetches = 0;
  const server: Server = createServer((_request, response) => {
    fetches += 1;
    if (fetches === 1) return;
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html><head><title>Held</title></head><body><p>Held across a restart.</p></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/held`,
    fetches: () => fetches,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A restarted nats-server (2.9) forgets memory streams entirely: a direct scrape in flight loses its queued job, its
 * consumer and the duplicate window. On a broker of this suite's own (the shared one serves everybody), the services
 * put the streams back when they reconnect and the gateway submits the waiting scrape again, which a worker runs a
 * second time and which is answered.
 */
describe('a direct scrape across a NATS restart', () => {
  let workDir: string;
  let natsPort: number;
  let natsMonitorPort: number;
  let nats: NatsServer;
  let stack: RunningStack;
  let page: Awaited<ReturnType<typeof startHeldPage>>;

  const startNats = (): Promise<NatsServer> =>
    startNatsServer({ port: natsPort, monitorPort: natsMonitorPort, storeDir: path.join(workDir, 'nats') });

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'wh-direct-scrape-restart-'));
    natsPort = await freePort();
    natsMonitorPort = await freePort();
    nats = await startNats();
    stack = await startStack(
      { natsUrl: nats.url, postgresAdminUrl: sharedInfrastructure().postgresAdminUrl },
      { services: ['api-gateway', 'scrape-worker', 'billing-service'], label: 'direct-scrape-restart' },
    );
    page = await startHeldPage();
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    await nats?.stop();
    await page?.close();
    rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('answers a scrape whose queued job the restart lost, by running it again', async () => {
    const answer = fetch(`${stack.baseUrl}/v2/scrape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: page.url, formats: ['markdown'], maxAge: 0, timeout: 60_000 }),
    });
    await eventually(async () => expect(page.fetches()).toBe(1), { timeoutMs: 20_000, intervalMs: 50 });

    await nats.stop();
    nats = await startNats();

    // The worker's first copy is gone with the consumer; only a resubmission brings the job back to it.
    await eventually(async () => expect(page.fetches()).toBe(2), { timeoutMs: 30_000, intervalMs: 100 });
    const response = await answer;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; data: { markdown: string } };
    expect(body.success).toBe(true);
    expect(body.data.markdown).toContain('Held across a restart.');

    const connection = await connect({ servers: nats.url });
    try {
      const manager = await connection.jetstreamManager();
      const namespace = new Namespace(stack.namespace);
      for (const stream of [Streams.directScrapeJobs, Streams.directScrapeResults]) {
        const info = await manager.streams.info(namespace.stream(stream.name));
        expect(info.config.storage).toBe(StorageType.Memory);
      }
    } finally {
      await connection.close();
    }
  }, 90_000);
});
