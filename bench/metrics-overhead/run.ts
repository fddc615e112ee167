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
import { startNatsServer } from '@wh/tools/dev';
import { cpuSeconds, DatabaseBackendsCpu } from '../crawl/process-readings';
import { writeReportSection } from '../report-section';
import { bulkCrawlRequest } from '../crawl/bulk-crawl-request';

const numberArgument = (name: string, fallback: number): number =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);

// bench:crawl's 6 KB site, crawl shape and concurrency, so the two benches measure the same work.
const PAGES = numberArgument('pages', 2_000);
const ROUNDS = numberArgument('rounds', 4);
const PAGE_FILLER_BYTES = 6_000;
const CONCURRENCY = 16;
/** A Prometheus scrape of every service this often during the crawl (the common 15 s interval). */
const SCRAPE_INTERVAL_MS = 15_000;
const SERVICES = ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'billing-service'] as const;

type Setting = 'on' | 'off';

interface CrawlRound {
  setting: Setting;
  pages: number;
  pagesPerSecond: number;
  /** CPU of the four services, the bench's NATS server and the database's backends, per page. */
  cpuMsPerPage: number;
  /** One-minute load average of the machine when the crawl started and when it ended. */
  load: [number, number];
  /** Bytes of `/metrics` text the services answered at the crawl's end (0 when off). */
  exposedBytes: number;
}

async function createBenchKey(stack: RunningStack): Promise<string> {
  const env = { DATABASE_URL: stack.databaseUrl };
  const admin = 'apps/billing-service/src/admin/admin.cli.js';
  await runCompiled(admin, ['create-team', 'bench', '--concurrency', String(CONCURRENCY)], env);
  return (await runCompiled(admin, ['create-key', 'bench'], env)).trim().split('\n').at(-1) ?? '';
}

/** Every service's /metrics once, as a Prometheus server would read it; the bytes answered. */
async function scrapeEveryService(stack: RunningStack): Promise<number> {
  const bodies = await Promise.all(
    Object.values(stack.healthUrls).map(async (url) => (await fetch(`${url}/metrics`)).text()),
  );
  return bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0);
}

/** One crawl of a fresh 6 KB site on a fresh stack whose services run with metrics `setting`. */
async function crawlOnce(
  setting: Setting,
  infrastructure: { postgresAdminUrl: string },
  nats: { url: string; pid: number },
): Promise<CrawlRound> {
  const stack = await startStack(
    { natsUrl: nats.url, postgresAdminUrl: infrastructure.postgresAdminUrl },
    {
      services: SERVICES,
      env: {
        LOG_LEVEL: 'warn',
        CONVERSION_THREADS: '0',
        SCRAPE_CONCURRENCY: String(CONCURRENCY),
        METRICS_ENABLED: String(setting === 'on'),
      },
      label: `bench-metrics-${setting}`,
    },
  );
  const site = await startCrawlSite({ host: '127.0.0.1', bulkPages: PAGES, bulkPageBytes: PAGE_FILLER_BYTES });
  try {
    const caller = { baseUrl: stack.baseUrl, apiKey: await createBenchKey(stack) };
    // Process metrics start with the first scrape, as they do under Prometheus.
    await scrapeEveryService(stack);
    const pids = [...stack.processes.values()].map((child) => child.pid);
    const cpuOf = (): number => pids.reduce<number>((sum, pid) => sum + cpuSeconds(pid), 0) + cpuSeconds(nats.pid);
    const backends = new DatabaseBackendsCpu(
      infrastructure.postgresAdminUrl,
      new URL(stack.databaseUrl).pathname.slice(1),
    );
    await backends.start();
    const cpuBefore = cpuOf();
    const loadBefore = loadavg()[0] ?? Number.NaN;
    const began = performance.now();
    let lastScrape = began;
    const started = await callApi(caller, 'POST', '/v2/crawl', bulkCrawlRequest(site.origin, PAGES));
    const id = started.body.id as string;
    let completed = 0;
    for (;;) {
      const status = await callApi(caller, 'GET', `/v2/crawl/${id}?limit=1`);
      completed = status.body.completed as number;
      if (status.body.status !== 'scraping') break;
      await backends.sample();
      if (performance.now() - lastScrape >= SCRAPE_INTERVAL_MS) {
        lastScrape = performance.now();
        await scrapeEveryService(stack);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - began) / 1000;
    const cpu = cpuOf() - cpuBefore + (await backends.stop());
    const round: CrawlRound = {
      setting,
      pages: completed,
      pagesPerSecond: completed / seconds,
      cpuMsPerPage: (cpu * 1000) / completed,
      load: [loadBefore, loadavg()[0] ?? Number.NaN],
      exposedBytes: await scrapeEveryService(stack),
    };
    if (completed !== PAGES) throw new Error(`the ${setting} crawl completed ${completed} pages of ${PAGES}`);
    process.stdout.write(`${JSON.stringify(round)}\n`);
    return round;
  } finally {
    await stack.stop();
    await site.close();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function signedPercent(ratio: number): string {
  const change = (ratio - 1) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`;
}

function report(pairs: ReadonlyArray<{ on: CrawlRound; off: CrawlRound }>): string {
  const speedRatios = pairs.map((pair) => pair.on.pagesPerSecond / pair.off.pagesPerSecond);
  const cpuRatios = pairs.map((pair) => pair.on.cpuMsPerPage / pair.off.cpuMsPerPage);
  const loads = pairs.flatMap((pair) => [...pair.on.load, ...pair.off.load]);
  const rows = pairs.map((pair, index) => {
    const cells = (round: CrawlRound): string =>
      `${round.pagesPerSecond.toFixed(1)} | ${round.cpuMsPerPage.toFixed(2)} | ${round.load[0].toFixed(1)} -> ${round.load[1].toFixed(1)}`;
    return (
      `| ${index + 1} (${index % 2 === 0 ? 'on first' : 'off first'}) | ${cells(pair.on)} | ${cells(pair.off)} | ` +
      `${signedPercent(speedRatios[index] ?? Number.NaN)} | ${signedPercent(cpuRatios[index] ?? Number.NaN)} |`
    );
  });
  const speed = median(speedRatios);
  const cpu = median(cpuRatios);
  const exposed = median(pairs.map((pair) => pair.on.exposedBytes));
  // How far crawls of one setting differ from each other: a ratio inside that band is not resolved by this run.
  const spread = (setting: Setting): string => {
    const cpu = pairs.map((pair) => pair[setting].cpuMsPerPage);
    return `${((Math.max(...cpu) / Math.min(...cpu) - 1) * 100).toFixed(0)}%`;
  };
  return `## Metrics overhead

Measured by \`npm run bench:metrics-overhead\` (bench/metrics-overhead/run.ts) on ${new Date().toISOString().slice(0, 10)},
${cpus().length} cores, Node ${process.version}, one run, load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}
over its crawls (the machine is shared: read the ratios, which alternate on and off within the run, not the absolute
figures). Each round crawls bench:crawl's 6 KB site (${PAGES} pages under /bulk/, ${CONCURRENCY} in flight, markdown,
\`crawlEntireDomain\`) through the API twice, on a fresh stack each time (gateway, crawl-scheduler, scrape-worker,
billing, the bench's own NATS server): once with metrics on (the default, every service's \`/metrics\` scraped every
${SCRAPE_INTERVAL_MS / 1000} s as Prometheus would) and once with \`METRICS_ENABLED=false\`, alternating which goes
first. Tracing is off in both (no OTLP endpoint, the default). CPU per page is the four services, NATS and the
database's backends.

| round | on pages/s | on CPU ms/page | on load | off pages/s | off CPU ms/page | off load | pages/s on vs off | CPU/page on vs off |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Median over ${pairs.length} rounds: metrics on crawl at **${signedPercent(speed)} pages/s** and spend
**${signedPercent(cpu)} CPU per page** against metrics off (target: at most 2% slower). With metrics on the services
expose ${(exposed / 1000).toFixed(0)} KB of \`/metrics\` text in all at the crawl's end. Between crawls of one
setting, CPU per page varied by up to ${spread('off')} (off) and ${spread('on')} (on) in this run: a difference
smaller than that needs more rounds or a quieter machine to be told from the load.
\`npm run bench:metrics-overhead -- --pages=${PAGES} --rounds=${ROUNDS}\` sets the size.
`;
}

/**
 * `npm run bench:metrics-overhead [--pages=2000] [--rounds=4]`: what Prometheus metrics cost bench:crawl's crawl,
 * as rounds of one crawl with metrics on and one with them off, alternated so that a change in the shared machine's
 * load falls on both. Writes the "Metrics overhead" section of docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const infrastructure = await provideInfrastructure();
  // A NATS server of its own, so its CPU is the crawl's alone.
  const natsDir = mkdtempSync(path.join(tmpdir(), 'wh-bench-nats-'));
  const nats = await startNatsServer({ port: await freePort(), monitorPort: await freePort(), storeDir: natsDir });
  try {
    const pairs: Array<{ on: CrawlRound; off: CrawlRound }> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const order: Setting[] = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
      const results = new Map<Setting, CrawlRound>();
      for (const setting of order) results.set(setting, await crawlOnce(setting, infrastructure, nats));
      pairs.push({ on: results.get('on') as CrawlRound, off: results.get('off') as CrawlRound });
    }
    writeReportSection('metrics-overhead', report(pairs));
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
