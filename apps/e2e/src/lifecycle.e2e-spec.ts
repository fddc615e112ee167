import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eventually, type FixtureServer, startFixtureServer, callApi, stopProcess } from '@wh/testing';
import { useOwnStack } from './support/own-stack';
import { sharedStack } from './support/stack-env';

const shared = sharedStack();

function logLines(logDir: string, service: string): Array<Record<string, unknown>> {
  return readdirSync(logDir)
    .filter((file) => file.startsWith(service))
    .flatMap((file) => readFileSync(path.join(logDir, file), 'utf8').split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('every service', () => {
  it.each(Object.keys(shared.healthUrls))('%s serves /healthz and /readyz', async (service) => {
    const base = shared.healthUrls[service];
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { nats: true } });
  });

  it('runs six separate processes', () => {
    expect(Object.keys(shared.healthUrls).sort()).toEqual([
      'api-gateway',
      'billing-service',
      'browser-session-manager',
      'crawl-scheduler',
      'extract-service',
      'scrape-worker',
    ]);
    const ports = new Set(Object.values(shared.healthUrls));
    expect(ports.size).toBe(6);
  });
});

describe('a scrape across processes', () => {
  let site: FixtureServer;
  beforeAll(async () => {
    site = await startFixtureServer();
  });
  afterAll(async () => {
    await site.close();
  });

  it('carries the request id as correlation id into the worker JSON logs', async () => {
    const requestId = `corr-${Date.now()}`;
    const response = await fetch(`${shared.baseUrl}/v2/scrape`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${shared.apiKey}`,
        'content-type': 'application/json',
        'x-request-id': requestId,
      },
      body: JSON.stringify({ url: `${site.url}/article`, maxAge: 0 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    // The worker logs after it published the result, so its line may land just after the response.
    await eventually(() => {
      const line = logLines(shared.logDir, 'scrape-worker').find(
        (entry) => entry.correlationId === requestId && entry.msg === 'scrape job finished',
      );
      expect(line).toMatchObject({ service: 'scrape-worker', status: 'completed', level: 'info' });
    });
  });
});

describe('shutdown on SIGTERM', () => {
  const own = useOwnStack('sigterm', ['api-gateway', 'scrape-worker', 'billing-service']);

  it('finishes the in-flight scrape, then exits cleanly and stops being ready', async () => {
    const stack = own.stack();
    const site = own.site();
    const worker = stack.processes.get('scrape-worker');
    if (!worker) throw new Error('no worker');
    const inFlight = callApi(stack, 'POST', '/v2/scrape', { url: `${site.url}/slow?ms=1500`, maxAge: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exitCode = stopProcess(worker);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const readiness = await fetch(`${stack.healthUrls['scrape-worker']}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ stopping: true });
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true });
    expect(await exitCode).toBe(0);
    const lines = logLines(stack.logDir, 'scrape-worker');
    expect(lines.some((entry) => entry.msg === 'scrape job finished')).toBe(true);
  }, 30_000);

  it('hands queued work to a replacement worker', async () => {
    const stack = own.stack();
    const site = own.site();
    // The previous test stopped the only worker: the job waits in the queue until a new one starts.
    expect(stack.processes.get('scrape-worker')?.exitCode).toBe(0);
    const pending = callApi(stack, 'POST', '/v2/scrape', { url: `${site.url}/article`, maxAge: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stack.startService('scrape-worker');
    const response = await pending;
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true });
  }, 60_000);
});
