import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  callApi,
  freePort,
  REAL_SIZE_PAGE_BYTES,
  provideInfrastructure,
  type RunningStack,
  runCompiled,
  startCrawlSite,
  startRealSizeSite,
  startStack,
} from '@wh/testing';
import { request } from 'undici';
import { Consumers } from '@wh/contracts';
import { startNatsServer } from '@wh/tools/dev';
import { writeReportSection } from '../report-section';
import { crawlWithCrawlee } from './crawlee-crawler';
import { type ConversionStages, type FetchedPage, profileConversionStages, STAGES } from './conversion-stages';
import { crawlInProcess, type CrawlRun, type InProcessPipeline } from './in-process-crawler';
import { MemoryTimeline, type SettledRange } from './memory-timeline';
import { cpuSeconds, DatabaseBackendsCpu } from './process-readings';
import { measureQueueStorageFloor } from './queue-storage-floor';
import { redeliveries } from './redeliveries';
import { type Traffic, TrafficCounts } from './traffic-counts';
import { bulkCrawlRequest } from './bulk-crawl-request';

const PAGES = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 2_000);
const SITES_ARGUMENT = process.argv.find((arg) => arg.startsWith('--sites='))?.slice('--sites='.length);
// Only the crawl through the API, its CPU and memory printed, docs/benchmarks.md left alone: the long memory runs.
const API_ONLY = process.argv.includes('--api-only');
// Every service of the API crawl writes a V8 CPU profile here when it stops (cpu-profile-hook.ts).
const PROFILE_DIR = process.argv.find((arg) => arg.startsWith('--cpu-prof-dir='))?.slice('--cpu-prof-dir='.length);
const PAGE_FILLER_BYTES = 6_000;
const CONCURRENCY = 16;
// Pages whose conversion is profiled stage by stage, after as many unprofiled ones to warm the thread up.
const PROFILED_PAGES = { '6kb': 600, 'real-size': 150 } as const;
const PROFILE_WARM_UP = 30;
// The naive pipeline is the slowest crawler by far; its pages per second settle long before the site's end.
const NAIVE_PAGES = Math.min(PAGES, 500);

/** A site the crawlers are pointed at: its pages are /bulk/0 to /bulk/<PAGES - 1>. */
interface BenchSite {
  origin: string;
  pathsFetched(): string[];
  close(): Promise<void>;
}

type SiteKey = keyof typeof PROFILED_PAGES;

const SITES: Record<SiteKey, { title: string; start: () => Promise<BenchSite> }> = {
  '6kb': {
    title: `6 KB pages (~${Math.round(PAGE_FILLER_BYTES / 1000)} KB of filler text, a heading and ten links each)`,
    start: () => startCrawlSite({ host: '127.0.0.1', bulkPages: PAGES, bulkPageBytes: PAGE_FILLER_BYTES }),
  },
  'real-size': {
    title:
      `real-size pages (${REAL_SIZE_PAGE_BYTES.min / 1000}-${REAL_SIZE_PAGE_BYTES.max / 1000} KB of news-site HTML: inline CSS and SVG, ` +
      'mega-menu, sidebar, article, comments, footer, cookie notice, JSON-LD, hydration JSON; libs/testing/src/real-size-site)',
    start: () => startRealSizeSite({ host: '127.0.0.1', pages: PAGES }),
  },
};

/** The bench's own NATS server. */
interface BenchNats {
  url: string;
  monitorUrl: string;
  pid: number;
}

/** The scrape-worker's event loop: fetching, NATS, JSON, handing pages to the conversion threads. */
const WORKER_MAIN_THREAD = 'scrape-worker main thread';

interface ApiRun extends CrawlRun {
  /** One-minute load average of the machine when the crawl started and when it ended. */
  load: [number, number];
  /** RSS in MB per service before the crawl and after each tenth of its pages. */
  memory: Map<string, number[]>;
  /** RSS in MB per service, lowest and highest over every status poll after the first tenth of the pages. */
  settledMemory: Map<string, SettledRange>;
  /** Messages NATS took in and Postgres transactions over the crawl (status polls included). */
  traffic: Traffic;
  /** CPU seconds per process over the crawl, including the bench's own NATS server and database backends. */
  cpu: Record<string, number>;
}

async function crawlThroughApi(
  stack: RunningStack,
  origin: string,
  nats: BenchNats,
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
  const workerPid = pids['scrape-worker'];
  const workerMainBefore = cpuSeconds(workerPid, workerPid);
  const natsBefore = cpuSeconds(nats.pid);
  const traffic = new TrafficCounts(nats.monitorUrl, postgresAdminUrl, new URL(stack.databaseUrl).pathname.slice(1));
  await traffic.start();
  const backends = new DatabaseBackendsCpu(postgresAdminUrl, new URL(stack.databaseUrl).pathname.slice(1));
  await backends.start();
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const memory = new MemoryTimeline(pids, PAGES);
  const began = performance.now();
  const started = await callApi(caller, 'POST', '/v2/crawl', bulkCrawlRequest(origin, PAGES));
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
  cpu[WORKER_MAIN_THREAD] = cpuSeconds(workerPid, workerPid) - workerMainBefore;
  cpu['nats-server'] = cpuSeconds(nats.pid) - natsBefore;
  cpu['postgres (backends of the bench database)'] = await backends.stop();
  const counted = await traffic.stop();
  return {
    pages: completed,
    seconds,
    pagesPerSecond: completed / seconds,
    load: [loadBefore, loadavg()[0] ?? Number.NaN],
    memory: memory.samples,
    settledMemory: memory.settled,
    cpu,
    traffic: counted,
  };
}

interface InProcessRun extends CrawlRun {
  /** CPU of the whole in-process crawl (fetching, converting and serving the site) per page. */
  cpuMsPerPage: number;
}

/** One in-process crawl of a fresh copy of the site. */
async function crawlInProcessOnce(key: SiteKey, pipeline: InProcessPipeline, limit = PAGES): Promise<InProcessRun> {
  const site = await SITES[key].start();
  const cpuBefore = process.cpuUsage();
  const run = await crawlInProcess(`${site.origin}/bulk/0`, /^\/bulk\//, limit, CONCURRENCY, pipeline);
  const cpu = process.cpuUsage(cpuBefore);
  await site.close();
  const result = { ...run, cpuMsPerPage: (cpu.user + cpu.system) / 1000 / run.pages };
  process.stdout.write(`${key} in-process ${pipeline}: ${JSON.stringify(result)}\n`);
  return result;
}

function meanRun(first: InProcessRun, second: InProcessRun): InProcessRun {
  const seconds = (first.seconds + second.seconds) / 2;
  return {
    pages: first.pages,
    seconds,
    pagesPerSecond: first.pages / seconds,
    cpuMsPerPage: (first.cpuMsPerPage + second.cpuMsPerPage) / 2,
  };
}

async function fetchPages(key: SiteKey, count: number): Promise<FetchedPage[]> {
  const site = await SITES[key].start();
  try {
    const pages: FetchedPage[] = [];
    for (let index = 0; index < Math.min(count, PAGES); index += 1) {
      const url = `${site.origin}/bulk/${index}`;
      pages.push({ url, html: await (await request(url)).body.text() });
    }
    return pages;
  } finally {
    await site.close();
  }
}

/** Everything measured on one site, in one run. */
interface SiteResults {
  key: SiteKey;
  floor: InProcessRun;
  naive: InProcessRun;
  crawlee: CrawlRun;
  api: ApiRun;
  stages: ConversionStages;
  queueStorageMs: number;
  meanPageBytes: number;
  duplicates: number;
  redelivered: Record<string, number>;
}

/** The crawl through the API on a stack of its own, and what it fetched twice or delivered again. */
async function measureApi(
  key: SiteKey,
  infrastructure: { postgresAdminUrl: string },
  nats: BenchNats,
): Promise<{ api: ApiRun; redelivered: Record<string, number>; duplicates: number }> {
  const stack = await startStack(
    { natsUrl: nats.url, postgresAdminUrl: infrastructure.postgresAdminUrl },
    {
      services: ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'billing-service'],
      env: {
        LOG_LEVEL: 'warn',
        CONVERSION_THREADS: '0',
        SCRAPE_CONCURRENCY: String(CONCURRENCY),
        ...(PROFILE_DIR
          ? { NODE_OPTIONS: `-r ${path.join(__dirname, 'cpu-profile-hook.js')}`, WH_CPU_PROFILE_DIR: PROFILE_DIR }
          : {}),
      },
      label: `bench-crawl-${key}`,
    },
  );
  const site = await SITES[key].start();
  let api: ApiRun;
  let redelivered: Record<string, number>;
  try {
    api = await crawlThroughApi(stack, site.origin, nats, infrastructure.postgresAdminUrl);
    process.stdout.write(
      `${key} api: ${JSON.stringify({ ...api, memory: Object.fromEntries(api.memory), settledMemory: Object.fromEntries(api.settledMemory) })}\n`,
    );
    redelivered = await redeliveries(nats.url, stack.namespace, [
      Consumers.scrapeWorkerJobs,
      Consumers.crawlSchedulerResults,
    ]);
  } finally {
    await stack.stop();
    await site.close();
  }
  const pages = site.pathsFetched().filter((path) => path.startsWith('/bulk/'));
  return { api, redelivered, duplicates: pages.length - new Set(pages).size };
}

/**
 * The floor before the other crawlers and again after the API crawl (their mean, so that a change in the machine's
 * load shows in both), the naive pipeline, Crawlee, the conversion's stages, and the API on a stack of its own.
 */
async function measureSite(
  key: SiteKey,
  infrastructure: { postgresAdminUrl: string },
  nats: BenchNats,
): Promise<SiteResults> {
  const floorBefore = await crawlInProcessOnce(key, 'platform');
  const naive = await crawlInProcessOnce(key, 'naive', NAIVE_PAGES);
  const crawleeSite = await SITES[key].start();
  const crawlee = await crawlWithCrawlee(`${crawleeSite.origin}/bulk/0`, /^\/bulk\//, PAGES, CONCURRENCY);
  await crawleeSite.close();
  process.stdout.write(`${key} crawlee: ${JSON.stringify(crawlee)}\n`);
  const sample = await fetchPages(key, PROFILED_PAGES[key] + PROFILE_WARM_UP);
  const meanPageBytes = sample.reduce((sum, page) => sum + Buffer.byteLength(page.html), 0) / sample.length;
  const stages = await profileConversionStages(sample, PROFILE_WARM_UP);
  process.stdout.write(`${key} stages: ${JSON.stringify(stages)}\n`);

  const { api, redelivered, duplicates } = await measureApi(key, infrastructure, nats);
  const floor = meanRun(floorBefore, await crawlInProcessOnce(key, 'platform'));
  // Generous to the design: pages batched by the crawl's whole concurrency at every step.
  const queueStorage = await measureQueueStorageFloor({
    natsUrl: nats.url,
    natsPid: nats.pid,
    postgresAdminUrl: infrastructure.postgresAdminUrl,
    pages: PAGES,
    batch: CONCURRENCY,
    documentBytes: Math.round(stages.markdownChars),
  });
  process.stdout.write(`${key} queue and storage floor: ${JSON.stringify(queueStorage)}\n`);
  return {
    key,
    floor,
    naive,
    crawlee,
    api,
    stages,
    queueStorageMs: queueStorage.natsServerMs + queueStorage.postgresMs + queueStorage.clientsMs,
    meanPageBytes,
    duplicates,
    redelivered,
  };
}

const TARGETS: Record<SiteKey, { ofFloor: number; ofNaive?: number }> = {
  '6kb': { ofFloor: 0.7 },
  'real-size': { ofFloor: 0.75, ofNaive: 3 },
};

function percent(share: number): string {
  return `${(share * 100).toFixed(0)}%`;
}

function apiCpuMs(results: SiteResults, process: string): number {
  return ((results.api.cpu[process] ?? 0) * 1000) / results.api.pages;
}

/** CPU ms per page of every process of the API crawl (the scrape-worker's main thread is part of its process). */
function totalApiCpuMs(results: SiteResults): number {
  return Object.keys(results.api.cpu)
    .filter((name) => name !== WORKER_MAIN_THREAD)
    .reduce((sum, name) => sum + apiCpuMs(results, name), 0);
}

function throughputSection(all: readonly SiteResults[]): string {
  const header = `| crawler, same site, same run | ${all.map((results) => `${results.key} pages/s`).join(' | ')} |`;
  const row = (label: string, pick: (results: SiteResults) => CrawlRun): string =>
    `| ${label} | ${all.map((results) => pick(results).pagesPerSecond.toFixed(1)).join(' | ')} |`;
  const targets = all.map((results) => {
    const target = TARGETS[results.key];
    const ofFloor = results.api.pagesPerSecond / results.floor.pagesPerSecond;
    const ofNaive = results.api.pagesPerSecond / results.naive.pagesPerSecond;
    const ofCrawlee = results.api.pagesPerSecond / results.crawlee.pagesPerSecond;
    const apiCpu = totalApiCpuMs(results);
    return (
      `- ${results.key}: the API at **${percent(ofFloor)} of the floor** (target ≥ ${percent(target.ofFloor)}), ` +
      `**${ofNaive.toFixed(2)}x the naive pipeline**${target.ofNaive ? ` (target ≥ ${target.ofNaive}x)` : ''}, ` +
      `${ofCrawlee.toFixed(2)}x Crawlee. By CPU per page, which a loaded machine distorts less (a crawl of four ` +
      `services and their threads gets a larger share of oversubscribed cores than one process does): the floor's is ` +
      `**${percent(results.floor.cpuMsPerPage / apiCpu)}** of the API's ${apiCpu.toFixed(1)} ms, the naive pipeline's ` +
      `**${(results.naive.cpuMsPerPage / apiCpu).toFixed(2)}x** it. The most the design allows: ${percent(results.floor.cpuMsPerPage / (results.floor.cpuMsPerPage + results.queueStorageMs))} of the floor ` +
      `(queue and storage at least ${results.queueStorageMs.toFixed(2)} ms a page on top of the floor's ${results.floor.cpuMsPerPage.toFixed(1)}, \`queue-storage-floor.ts\`). ` +
      `Duplicate fetches ${results.duplicates}; messages delivered again ${Object.entries(results.redelivered)
        .map(([consumer, count]) => `${consumer} ${count}`)
        .join(', ')}.`
    );
  });
  return [
    header,
    `|---|${all.map(() => '---|').join('')}`,
    row(
      'in-process floor: undici + `convertHtml` on one thread per core, no queue or database (mean of a run before and after the API crawl)',
      (results) => results.floor,
    ),
    row(
      `naive: undici + jsdom + Readability + turndown, 2 threads, in one process (the first ${NAIVE_PAGES} pages)`,
      (results) => results.naive,
    ),
    row(
      '**through the API**: gateway, crawl-scheduler, scrape-worker, billing on NATS and Postgres (crawlEntireDomain)',
      (results) => results.api,
    ),
    row('Crawlee CheerioCrawler, in-memory storage, no markdown', (results) => results.crawlee),
    '',
    ...targets,
  ].join('\n');
}

function cpuSection(all: readonly SiteResults[]): string {
  const processes = [...new Set(all.flatMap((results) => Object.keys(results.api.cpu)))].filter(
    (name) => name !== WORKER_MAIN_THREAD,
  );
  const rows = processes.map(
    (name) => `| ${name} | ${all.map((results) => apiCpuMs(results, name).toFixed(1)).join(' | ')} |`,
  );
  const inProcess = (label: string, pick: (results: SiteResults) => InProcessRun): string =>
    `| ${label} | ${all.map((results) => pick(results).cpuMsPerPage.toFixed(1)).join(' | ')} |`;
  return [
    `| process | ${all.map((results) => `${results.key} CPU ms per page`).join(' | ')} |`,
    `|---|${all.map(() => '---|').join('')}`,
    ...rows,
    `| (of the scrape-worker's, its main thread) | ${all.map((results) => apiCpuMs(results, WORKER_MAIN_THREAD).toFixed(1)).join(' | ')} |`,
    `| **API crawl, all processes** | ${all.map((results) => `**${totalApiCpuMs(results).toFixed(1)}**`).join(' | ')} |`,
    inProcess('in-process floor, whole process (fetch, convert, serve the site)', (results) => results.floor),
    inProcess('naive pipeline, whole process', (results) => results.naive),
  ].join('\n');
}

const STAGE_LABELS: Record<string, string> = {
  'page type': 'page type: article, thread or product declared in the raw HTML',
  scan: 'scan: the one htmlparser2 pass every streaming visitor listens to',
  strip: 'strip: non-content dropped while streaming (and the whole-page retry when the first reading is scant)',
  links: 'links: collected while streaming',
  metadata: 'metadata: title, meta tags, JSON-LD while streaming',
  parse: 'parse: parse5 into jsdom, of the stripped page',
  region: 'region: text-dense region, heuristics, pruning (jsdom DOM work included)',
  Readability: 'Readability (jsdom DOM work included)',
  select: 'select: choosing between readings, text measures',
  serialise: 'serialise: the chosen DOM back to HTML for turndown',
  markdown: 'markdown: turndown (its own domino parse of that HTML, rules, escaping)',
  gc: 'garbage collection in the conversion thread',
  other: 'other (V8 and Node internals not under a stage)',
};

function stageSection(all: readonly SiteResults[]): string {
  const sampled = (results: SiteResults): number =>
    STAGES.reduce((sum, stage) => sum + (results.stages.msPerPage[stage] ?? 0), 0);
  const conversionRows = STAGES.map(
    (stage) =>
      `| ${STAGE_LABELS[stage] ?? stage} | ${all
        .map((results) => {
          const ms = results.stages.msPerPage[stage] ?? 0;
          return `${ms.toFixed(2)} (${percent(ms / sampled(results))})`;
        })
        .join(' | ')} |`,
  );
  const outside = (label: string, pick: (results: SiteResults) => number): string =>
    `| ${label} | ${all.map((results) => pick(results).toFixed(2)).join(' | ')} |`;
  return [
    `| stage | ${all.map((results) => `${results.key} ms per page (share)`).join(' | ')} |`,
    `|---|${all.map(() => '---|').join('')}`,
    ...conversionRows,
    outside(
      "**conversion in one thread, all of the above** (the thread's CPU over the profiled loop)",
      (results) => results.stages.totalMsPerPage,
    ),
    outside(
      'API crawl: scrape-worker, its conversion threads (process CPU less its main thread)',
      (results) => apiCpuMs(results, 'scrape-worker') - apiCpuMs(results, WORKER_MAIN_THREAD),
    ),
    outside(
      'API crawl: scrape-worker main thread (fetch, charset, the shell check, NATS, JSON, hand-over to threads)',
      (results) => apiCpuMs(results, WORKER_MAIN_THREAD),
    ),
    outside('API crawl: crawl-scheduler (results, links, frontier, dispatch, its Postgres client)', (results) =>
      apiCpuMs(results, 'crawl-scheduler'),
    ),
    outside("API crawl: NATS (the bench's own server)", (results) => apiCpuMs(results, 'nats-server')),
    outside('API crawl: Postgres (backends of the bench database)', (results) =>
      apiCpuMs(results, 'postgres (backends of the bench database)'),
    ),
    outside('API crawl: billing-service', (results) => apiCpuMs(results, 'billing-service')),
    outside('API crawl: api-gateway (the crawl request and status polls)', (results) =>
      apiCpuMs(results, 'api-gateway'),
    ),
  ].join('\n');
}

function memorySection(all: readonly SiteResults[]): string {
  const tenths = Array.from({ length: MemoryTimeline.STEPS + 1 }, (_, step) => `${step * 10}%`);
  return all
    .map((results) =>
      [
        `${results.key}:`,
        '',
        `| process | ${tenths.join(' | ')} |`,
        `|---|${tenths.map(() => '---|').join('')}`,
        ...[...results.api.memory.entries()].map(
          ([name, samples]) => `| ${name} | ${samples.map((mb) => mb.toFixed(0)).join(' | ')} |`,
        ),
      ].join('\n'),
    )
    .join('\n\n');
}

/** The API crawl alone: pages/s, CPU ms per page by process, and RSS (MB) after each tenth of the pages. */
function apiOnlyReport(key: SiteKey, { api, duplicates }: { api: ApiRun; duplicates: number }): string {
  const cpu = Object.entries(api.cpu).map(([name, seconds]) => `${name} ${((seconds * 1000) / api.pages).toFixed(1)}`);
  const memory = [...api.memory.entries()].map(
    ([name, samples]) => `| ${name} | ${samples.map((mb) => mb.toFixed(0)).join(' | ')} |`,
  );
  return [
    `${key}, ${api.pages} pages through the API: ${api.pagesPerSecond.toFixed(1)} pages/s, load ${api.load[0].toFixed(1)} -> ${api.load[1].toFixed(1)}, duplicate fetches ${duplicates}`,
    `CPU ms per page: ${cpu.join(', ')}`,
    `per page: NATS messages in ${(api.traffic.natsMessages / api.pages).toFixed(2)}, Postgres transactions ${(api.traffic.postgresTransactions / api.pages).toFixed(2)}`,
    `RSS (MB) before the crawl and after each tenth of its pages:`,
    ...memory,
    `RSS (MB) over every status poll after the first tenth (lowest - highest, highest above lowest):`,
    ...[...api.settledMemory.entries()].map(
      ([name, { lowest, highest }]) =>
        `| ${name} | ${lowest.toFixed(0)} - ${highest.toFixed(0)} | ${((100 * (highest - lowest)) / lowest).toFixed(0)}% |`,
    ),
  ].join('\n');
}

function report(all: readonly SiteResults[]): string {
  const loads = all
    .map((results) => `${results.key} ${results.api.load[0].toFixed(1)} -> ${results.api.load[1].toFixed(1)}`)
    .join(', ');
  const sizes = all.map((results) => `${results.key} ${(results.meanPageBytes / 1000).toFixed(0)} KB`).join(', ');
  return `## Crawl

Measured by \`npm run bench:crawl\` (bench/crawl/run.ts) on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores,
Node ${process.version}, one run, load average during the API crawls ${loads}. Each site has ${PAGES} pages under
/bulk/, each linking to its next ten (the real-size pages to ten more from their sidebars), served on loopback; markdown
of every page with \`onlyMainContent\`, ${CONCURRENCY} pages in flight. Sites: ${all.map((results) => `**${results.key}**, ${SITES[results.key].title}`).join('; ')}.
Mean HTML per page: ${sizes}. \`npm run bench:crawl -- ${PAGES} --sites=6kb\` runs one site only.

${throughputSection(all)}

CPU each process spent per page during the API crawl (NATS is a server of the bench's own, Postgres the backends
serving its database), and the in-process crawls' whole process:

${cpuSection(all)}

Where a page's CPU goes, by stage. The conversion's stages come from a CPU profile of \`convertHtml\` over
${all.map((results) => `${results.stages.pages} ${results.key} pages`).join(' and ')} in one thread set up as the scrape-worker's (\`conversion-stages.ts\`; a
sample is charged to the innermost frame a stage claims, so jsdom's own code counts in the stage that called it; the
profiler samples wall-clock time, so on a loaded machine, where the thread waits for a core, a stage's milliseconds run
higher than its CPU: read the shares, and the thread's CPU in the line below them); the rest are the API crawl's
processes and threads, by CPU.

${stageSection(all)}

Resident memory (MB) of each service before the API crawl and after each tenth of its pages:

${memorySection(all)}
`;
}

/**
 * `npm run bench:crawl [pages] [--sites=6kb,real-size] [--api-only] [--cpu-prof-dir=DIR]`: each site crawled through the API (gateway, scheduler,
 * worker, billing as separate processes on real NATS and Postgres), next to the same fetch-and-convert pipeline
 * crawling in-process on the same cores (the floor), a naive jsdom + Readability + turndown pipeline and Crawlee.
 * Writes the "Crawl" section of docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const keys = (SITES_ARGUMENT?.split(',') ?? Object.keys(SITES)) as SiteKey[];
  for (const key of keys) if (!(key in SITES)) throw new Error(`unknown site ${key}: ${Object.keys(SITES).join(', ')}`);
  const infrastructure = await provideInfrastructure();
  // A NATS server of its own, so its CPU is the crawl's alone (the machine's server carries other work too).
  const natsDir = mkdtempSync(path.join(tmpdir(), 'wh-bench-nats-'));
  const nats = await startNatsServer({ port: await freePort(), monitorPort: await freePort(), storeDir: natsDir });
  // The bench's NATS server and its folder go whatever happens, a stack that failed to start included.
  try {
    if (API_ONLY) {
      for (const key of keys)
        process.stdout.write(`${apiOnlyReport(key, await measureApi(key, infrastructure, nats))}\n`);
      return;
    }
    const all: SiteResults[] = [];
    for (const key of keys) all.push(await measureSite(key, infrastructure, nats));
    writeReportSection('crawl', report(all));
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
