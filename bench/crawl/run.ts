import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  callApi,
  freePort,
  provideInfrastructure,
  type RunningStack,
  runCompiled,
  startCrawlSite,
  startStack,
} from '@wh/testing';
import { Consumers } from '@wh/contracts';
import { startNatsServer } from '@wh/tools/dev';
import { writeReportSection } from '../report-section';
import { crawlWithCrawlee } from './crawlee-crawler';
import { crawlInProcess, type CrawlRun } from './in-process-crawler';
import { MemoryTimeline } from './memory-timeline';
import { cpuSeconds, DatabaseBackendsCpu } from './process-readings';
import { measureQueueStorageFloor } from './queue-storage-floor';
import { redeliveries } from './redeliveries';

const PAGES = Number(process.argv[2] ?? 2_000);
const PAGE_FILLER_BYTES = 6_000;
const CONCURRENCY = 16;

interface ApiRun extends CrawlRun {
  /** One-minute load average of the machine when the crawl started and when it ended. */
  load: [number, number];
  /** RSS in MB per service before the crawl and after each tenth of its pages. */
  memory: Map<string, number[]>;
  /** CPU seconds per process over the crawl, including the bench's own NATS server and database backends. */
  cpu: Record<string, number>;
}

async function crawlThroughApi(
  stack: RunningStack,
  origin: string,
  natsPid: number,
  postgresAdminUrl: string,
): Promise<ApiRun> {
  const env = { DATABASE_URL: stack.databaseUrl };
  await runCompiled(
    'apps/billing-service/src/admin/admin.cli.js',
    ['create-team', 'bench', '--concurrency', String(CONCURRENCY)],
    env,
  );
  const apiKey =
    (await runCompiled('apps/billing-service/src/admin/admin.cli.js', ['create-key', 'bench'], env))
      .trim()
      .split('\n')
      .at(-1) ?? '';
  const caller = { baseUrl: stack.baseUrl, apiKey };
  const pids = Object.fromEntries([...stack.processes.entries()].map(([name, child]) => [name, child.pid]));
  const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const natsBefore = cpuSeconds(natsPid);
  const backends = new DatabaseBackendsCpu(postgresAdminUrl, new URL(stack.databaseUrl).pathname.slice(1));
  await backends.start();
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const memory = new MemoryTimeline(pids, PAGES);
  const began = performance.now();
  const started = await callApi(caller, 'POST', '/v2/crawl', {
    url: `${origin}/bulk/0`,
    crawlEntireDomain: true,
    includePaths: ['^/bulk/'],
    sitemap: 'skip',
    limit: PAGES,
    scrapeOptions: { maxAge: 0, storeInCache: false },
  });
  const id = started.body.id as string;
  let completed = 0;
  for (;;) {
    const status = await callApi(caller, 'GET', `/v2/crawl/${id}?limit=1`);
    completed = status.body.completed as number;
    memory.observe(completed);
    if (status.body.status !== 'scraping') break;
    await backends.sample();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - began) / 1000;
  const cpu = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid) - (cpuBefore[name] ?? 0)]),
  );
  cpu['nats-server'] = cpuSeconds(natsPid) - natsBefore;
  cpu['postgres (backends of the bench database)'] = await backends.stop();
  return {
    pages: completed,
    seconds,
    pagesPerSecond: completed / seconds,
    load: [loadBefore, loadavg()[0] ?? Number.NaN],
    memory: memory.samples,
    cpu,
  };
}

interface FloorRun extends CrawlRun {
  /** CPU of the whole in-process crawl (fetching, converting and serving the site) per page. */
  cpuMsPerPage: number;
}

/** The floor once; it runs before and after the API crawl so that a change in the machine's load shows in both. */
async function crawlFloor(): Promise<FloorRun> {
  const site = await startCrawlSite({ host: '127.0.0.1', bulkPages: PAGES, bulkPageBytes: PAGE_FILLER_BYTES });
  const cpuBefore = process.cpuUsage();
  const run = await crawlInProcess(`${site.origin}/bulk/0`, /^\/bulk\//, PAGES, CONCURRENCY);
  const cpu = process.cpuUsage(cpuBefore);
  await site.close();
  const floor = { ...run, cpuMsPerPage: (cpu.user + cpu.system) / 1000 / run.pages };
  process.stdout.write(`in-process: ${JSON.stringify(floor)}\n`);
  return floor;
}

function meanRun(first: FloorRun, second: FloorRun): FloorRun {
  const seconds = (first.seconds + second.seconds) / 2;
  return {
    pages: first.pages,
    seconds,
    pagesPerSecond: first.pages / seconds,
    cpuMsPerPage: (first.cpuMsPerPage + second.cpuMsPerPage) / 2,
  };
}

/**
 * `npm run bench:crawl`: a 2,000-page loopback site crawled through the API (gateway, scheduler, worker, billing as
 * separate processes on real NATS and Postgres), next to the same fetch-and-convert pipeline crawling in-process
 * on the same cores (the floor). Writes the "Crawl" section of docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const floorBefore = await crawlFloor();
  const crawleeSite = await startCrawlSite({ host: '127.0.0.1', bulkPages: PAGES, bulkPageBytes: PAGE_FILLER_BYTES });
  const crawlee = await crawlWithCrawlee(`${crawleeSite.origin}/bulk/0`, /^\/bulk\//, PAGES, CONCURRENCY);
  await crawleeSite.close();
  process.stdout.write(`crawlee: ${JSON.stringify(crawlee)}\n`);

  // A NATS server of its own, so its CPU is the crawl's alone (the machine's server carries other work too).
  const infrastructure = await provideInfrastructure();
  const natsDir = mkdtempSync(path.join(tmpdir(), 'wh-bench-nats-'));
  const nats = await startNatsServer({ port: await freePort(), monitorPort: await freePort(), storeDir: natsDir });
  // The bench's NATS server and its folder go whatever happens, a stack that failed to start included.
  try {
    const stack = await startStack(
      { natsUrl: nats.url, postgresAdminUrl: infrastructure.postgresAdminUrl },
      {
        services: ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'billing-service'],
        env: { LOG_LEVEL: 'warn', CONVERSION_THREADS: '0', SCRAPE_CONCURRENCY: String(CONCURRENCY) },
        label: 'bench-crawl',
      },
    );
    const site = await startCrawlSite({ host: '127.0.0.1', bulkPages: PAGES, bulkPageBytes: PAGE_FILLER_BYTES });
    try {
      const api = await crawlThroughApi(stack, site.origin, nats.pid, infrastructure.postgresAdminUrl);
      process.stdout.write(`api: ${JSON.stringify(api)}\n`);
      const redelivered = await redeliveries(nats.url, stack.namespace, [
        Consumers.scrapeWorkerJobs,
        Consumers.crawlSchedulerResults,
      ]);
      process.stdout.write(`redeliveries: ${JSON.stringify(redelivered)}\n`);
      const floor = meanRun(floorBefore, await crawlFloor());
      // Generous to the design: pages batched by the crawl's whole concurrency at every step.
      const queueStorage = await measureQueueStorageFloor({
        natsUrl: nats.url,
        natsPid: nats.pid,
        postgresAdminUrl: infrastructure.postgresAdminUrl,
        pages: PAGES,
        batch: CONCURRENCY,
        documentBytes: PAGE_FILLER_BYTES,
      });
      process.stdout.write(`queue and storage floor: ${JSON.stringify(queueStorage)}\n`);
      const queueStorageMs = queueStorage.natsServerMs + queueStorage.postgresMs + queueStorage.clientsMs;
      // Were the API as sparing of CPU as the floor in everything but the queue and the database, this is its share.
      const bestShareOfFloor = floor.cpuMsPerPage / (floor.cpuMsPerPage + queueStorageMs);
      const pages = site.pathsFetched().filter((path) => path.startsWith('/bulk/'));
      const duplicates = pages.length - new Set(pages).size;
      const robotsFetches = site.pathsFetched().filter((path) => path === '/robots.txt').length;
      const disallowed = site.pathsFetched().filter((path) => path.startsWith('/private')).length;
      const cpuMsPerPage = (name: string): string => (((api.cpu[name] ?? 0) * 1000) / api.pages).toFixed(1);
      const cpuRows = Object.keys(api.cpu)
        .map((name) => `| ${name} | ${cpuMsPerPage(name)} |`)
        .join('\n');
      const memoryRows = [...api.memory.entries()]
        .map(([name, samples]) => `| ${name} | ${samples.map((mb) => mb.toFixed(0)).join(' | ')} |`)
        .join('\n');
      const tenths = Array.from({ length: MemoryTimeline.STEPS + 1 }, (_, step) => `${step * 10}%`);
      const totalCpuMs = (Object.values(api.cpu).reduce((sum, seconds) => sum + seconds, 0) * 1000) / api.pages;
      writeReportSection(
        'crawl',
        `## Crawl

Measured by \`npm run bench:crawl\` (bench/crawl/run.ts) on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores,
Node ${process.version}, one run, load average ${api.load[0].toFixed(1)} -> ${api.load[1].toFixed(1)} during the API crawl. A ${PAGES}-page loopback site (pages of ~${Math.round(PAGE_FILLER_BYTES / 1000)} KB, each linking to ten
more), markdown of every page, ${CONCURRENCY} pages in flight.

| crawler | pages | seconds | pages/s |
|---|---|---|---|
| in-process floor: undici + \`convertHtml\` on one thread per core, no queue or database (mean of a run before and after the API crawl) | ${floor.pages} | ${floor.seconds.toFixed(1)} | ${floor.pagesPerSecond.toFixed(1)} |
| through the API: gateway, crawl-scheduler, scrape-worker, billing on NATS and Postgres | ${api.pages} | ${api.seconds.toFixed(1)} | ${api.pagesPerSecond.toFixed(1)} |
| Crawlee CheerioCrawler, in-memory storage, no markdown | ${crawlee.pages} | ${crawlee.seconds.toFixed(1)} | ${crawlee.pagesPerSecond.toFixed(1)} |

- Through the API at **${((api.pagesPerSecond / floor.pagesPerSecond) * 100).toFixed(0)}%** of the floor (target ≥ 85%) and
  **${(api.pagesPerSecond / crawlee.pagesPerSecond).toFixed(2)}x** Crawlee's pages per second (target ≥ 1x).
- The most the design allows: **${(bestShareOfFloor * 100).toFixed(0)}% of the floor**. The floor spends ${floor.cpuMsPerPage.toFixed(1)} ms of CPU per page
  fetching, converting and serving the site. Moving a page through a JetStream work queue and back, keeping it in
  Postgres and recording its credit in billing's table costs at least ${queueStorageMs.toFixed(2)} ms more (nats-server
  ${queueStorage.natsServerMs.toFixed(2)}, Postgres ${queueStorage.postgresMs.toFixed(2)}, the clients ${queueStorage.clientsMs.toFixed(2)}), measured by \`queue-storage-floor.ts\` with
  ${CONCURRENCY} pages per publish, pull and transaction and no validation, webhooks or status reads. The floor itself runs
  at **${(floor.pagesPerSecond / crawlee.pagesPerSecond).toFixed(2)}x** Crawlee's pages per second.
- Duplicate fetches: **${duplicates}**; robots.txt fetches: **${robotsFetches}** (one origin); disallowed fetches: **${disallowed}**.
- Messages delivered again (each waits out the consumer's 30 s ack wait first): ${Object.entries(redelivered)
          .map(([consumer, count]) => `${consumer} **${count}**`)
          .join(', ')}.

CPU each process spent per page (${totalCpuMs.toFixed(1)} ms in all; NATS is a server of the bench's own, Postgres
the backends serving its database):

| process | CPU ms per page |
|---|---|
${cpuRows}

Resident memory (MB) of each service before the crawl and after each tenth of its pages:

| process | ${tenths.join(' | ')} |
|---|${tenths.map(() => '---|').join('')}
${memoryRows}
`,
      );
    } finally {
      await stack.stop();
      await site.close();
    }
  } finally {
    await nats.stop();
    rmSync(natsDir, { recursive: true, force: true });
    await infrastructure.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
