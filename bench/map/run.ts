import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import {
  callApi,
  type MapSite,
  type MapSiteOptions,
  provideInfrastructure,
  type RunningStack,
  runCompiled,
  startMapSite,
  startStack,
} from '@wh/testing';
import { writeReportSection } from '../report-section';
import { rssMb } from '../crawl/process-readings';

const SITEMAP_PAGES = 10_000;
const LINKED_PAGES = 2_000;
const WARMUP_RUNS = 3;
const MEASURED_RUNS = 20;
const MEMORY_SAMPLE_MS = 5;

interface Caller {
  baseUrl: string;
  apiKey: string;
}

interface MapRuns {
  name: string;
  links: number;
  p50Ms: number;
  p90Ms: number;
  /** Resident memory (MB) per service before the runs and at its highest during them. */
  memory: Record<string, { before: number; peak: number }>;
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

/** Samples every service's RSS until stopped, keeping each one's highest reading. */
function watchMemory(stack: RunningStack): () => Record<string, { before: number; peak: number }> {
  const pids = [...stack.processes.entries()].map(([name, child]) => [name, child.pid] as const);
  const readings = Object.fromEntries(pids.map(([name, pid]) => [name, { before: rssMb(pid), peak: rssMb(pid) }]));
  const timer = setInterval(() => {
    for (const [name, pid] of pids) {
      const reading = readings[name];
      if (reading) reading.peak = Math.max(reading.peak, rssMb(pid));
    }
  }, MEMORY_SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return readings;
  };
}

async function mapRepeatedly(
  stack: RunningStack,
  caller: Caller,
  name: string,
  site: MapSite,
  body: Record<string, unknown>,
): Promise<MapRuns> {
  const request = { url: `${site.origin}/`, limit: 100_000, ...body };
  for (let run = 0; run < WARMUP_RUNS; run += 1) await callApi(caller, 'POST', '/v2/map', request);
  const stopWatching = watchMemory(stack);
  const durations: number[] = [];
  let links = 0;
  for (let run = 0; run < MEASURED_RUNS; run += 1) {
    const began = performance.now();
    const response = await callApi(caller, 'POST', '/v2/map', request);
    durations.push(performance.now() - began);
    if (response.status !== 200) throw new Error(`map of ${name} answered ${response.status}`);
    links = (response.body.links as unknown[]).length;
  }
  const memory = stopWatching();
  durations.sort((a, b) => a - b);
  const runs = { name, links, p50Ms: percentile(durations, 0.5), p90Ms: percentile(durations, 0.9), memory };
  process.stdout.write(`${JSON.stringify(runs)}\n`);
  return runs;
}

async function benchKey(stack: RunningStack): Promise<string> {
  const env = { DATABASE_URL: stack.databaseUrl };
  await runCompiled('apps/billing-service/src/admin/admin.cli.js', ['create-team', 'bench-map'], env);
  const output = await runCompiled('apps/billing-service/src/admin/admin.cli.js', ['create-key', 'bench-map'], env);
  return output.trim().split('\n').at(-1) ?? '';
}

function memoryCell(runs: MapRuns, service: string): string {
  const reading = runs.memory[service];
  return reading
    ? `${reading.before.toFixed(0)} → ${reading.peak.toFixed(0)} (+${(reading.peak - reading.before).toFixed(0)})`
    : '';
}

/**
 * `npm run bench:map`: POST /v2/map through the API (gateway, crawl-scheduler, scrape-worker, billing as separate
 * processes on NATS and Postgres) on a loopback site of 10,000 URLs in a sitemap index of gzipped sitemaps, the same
 * ranked by a search, and a 2,000-page site without sitemaps whose home page links every page. Writes the "Map"
 * section of docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const infrastructure = await provideInfrastructure();
  const stack = await startStack(infrastructure, {
    services: ['api-gateway', 'scrape-worker', 'crawl-scheduler', 'billing-service'],
    env: { LOG_LEVEL: 'warn' },
    label: 'bench-map',
  });
  const sites: MapSite[] = [];
  const site = async (options: Omit<MapSiteOptions, 'host'>): Promise<MapSite> => {
    const started = await startMapSite({ host: '127.0.0.1', ...options });
    sites.push(started);
    return started;
  };
  try {
    const caller = { baseUrl: stack.baseUrl, apiKey: await benchKey(stack) };
    const load = loadavg()[0] ?? Number.NaN;
    const sitemapSite = await site({ sitemapPages: SITEMAP_PAGES });
    const linkedSite = await site({ linkedPages: LINKED_PAGES });
    const results = [
      await mapRepeatedly(stack, caller, `${SITEMAP_PAGES.toLocaleString('en')}-URL sitemap index`, sitemapSite, {}),
      await mapRepeatedly(stack, caller, 'the same, ranked by `search: "item 42"`', sitemapSite, { search: 'item 42' }),
      await mapRepeatedly(stack, caller, `${LINKED_PAGES.toLocaleString('en')}-page site, no sitemap`, linkedSite, {}),
    ];
    const services = Object.keys(results[0]?.memory ?? {});
    writeReportSection(
      'map',
      `## Map

Measured by \`npm run bench:map\` (bench/map/run.ts) on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores,
Node ${process.version}, load average ${load.toFixed(1)} at the start. Each map through POST /v2/map (\`limit: 100000\`),
${WARMUP_RUNS} warm-up runs, then ${MEASURED_RUNS} measured one after another. The sitemap site lists its pages in a
sitemap index of gzipped sitemaps of 1,000 URLs each; the other site has no sitemap and its home page links every page.

| map | links | p50 ms | p90 ms |
|---|---|---|---|
${results.map((runs) => `| ${runs.name} | ${runs.links} | ${runs.p50Ms.toFixed(0)} | ${runs.p90Ms.toFixed(0)} |`).join('\n')}

Resident memory (MB) of each service before the measured runs → at its highest during them (sampled every
${MEMORY_SAMPLE_MS} ms):

| map | ${services.join(' | ')} |
|---|${services.map(() => '---|').join('')}
${results.map((runs) => `| ${runs.name} | ${services.map((service) => memoryCell(runs, service)).join(' | ')} |`).join('\n')}

Targets: the sitemap site under 1 s at p50, with under 50 MB of added memory.
`,
    );
  } finally {
    await stack.stop();
    for (const started of sites) await started.close();
    await infrastructure.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
