import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { descendantsOf } from '@wh/platform/chromium';
import {
  callApi,
  provideChromium,
  provideInfrastructure,
  type RunningStack,
  startFixtureServer,
  startStack,
} from '@wh/testing';
import { writeReportSection } from '../report-section';

const ROUNDS = Number(process.env.BENCH_BRANDING_ROUNDS ?? 6);
const SCRAPES_PER_ROUND = Number(process.env.BENCH_BRANDING_SCRAPES ?? 20);
const WARMUP_SCRAPES = 5;
const CLOCK_TICKS_PER_SECOND = 100;
const PAGES = ['/branding/light', '/branding/dark', '/branding/svg-logo'];

type Mode = 'screenshot' | 'branding';
const FORMATS: Record<Mode, unknown[]> = { screenshot: ['screenshot'], branding: ['branding'] };

/**
 * CPU seconds of a process and of its children it has reaped, from /proc: a Chromium renderer that ends between two
 * readings is counted in its parent's reaped time, so the tree's total never loses it. 0 for a process gone.
 */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of every service process of the stack and everything they started (the worker's Chromium). */
function stackCpuSeconds(stack: RunningStack): number {
  let total = 0;
  for (const child of stack.processes.values()) {
    if (child.pid === undefined) continue;
    for (const pid of [child.pid, ...descendantsOf(child.pid)]) total += processCpuSeconds(pid);
  }
  return total;
}

interface Batch {
  cpuSeconds: number;
  wallMs: number[];
}

/** One scrape at a time, so each one's wall time is its own latency, not a queue's. */
async function batch(stack: RunningStack, urls: string[], mode: Mode): Promise<Batch> {
  const wallMs: number[] = [];
  const cpuBefore = stackCpuSeconds(stack);
  for (const url of urls) {
    const started = performance.now();
    const response = await callApi(stack, 'POST', '/v2/scrape', { url, formats: FORMATS[mode], maxAge: 0 });
    wallMs.push(performance.now() - started);
    const data = response.body.data as { screenshot?: string; branding?: { colors?: unknown } } | undefined;
    const produced = mode === 'screenshot' ? data?.screenshot : data?.branding?.colors;
    if (response.status !== 200 || !produced) {
      throw new Error(`${mode} scrape of ${url} failed: ${response.status} ${JSON.stringify(response.body)}`);
    }
  }
  return { cpuSeconds: stackCpuSeconds(stack) - cpuBefore, wallMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

interface Totals {
  scrapes: number;
  cpuSeconds: number;
  wallMs: number[];
}

/**
 * `npm run bench:branding`: a branding scrape next to a plain screenshot scrape of the same pages through /v2/scrape,
 * one at a time, the two modes alternating round by round so that both see the same machine load. CPU is every
 * service process of the stack and the worker's Chromium. Writes the "Branding" section of docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const chromiumPath = await provideChromium();
  const site = await startFixtureServer();
  const infrastructure = await provideInfrastructure();
  const stack = await startStack(infrastructure, {
    services: ['api-gateway', 'scrape-worker', 'extract-service', 'billing-service'],
    env: { LOG_LEVEL: 'warn', CHROMIUM_PATH: chromiumPath },
    label: 'bench-branding',
  });
  const urls = (round: number, mode: Mode, count: number): string[] =>
    Array.from({ length: count }, (_, index) => `${site.url}${PAGES[index % PAGES.length]}?${mode}=${round}-${index}`);
  const totals: Record<Mode, Totals> = {
    screenshot: { scrapes: 0, cpuSeconds: 0, wallMs: [] },
    branding: { scrapes: 0, cpuSeconds: 0, wallMs: [] },
  };
  try {
    for (const mode of ['screenshot', 'branding'] as const) await batch(stack, urls(0, mode, WARMUP_SCRAPES), mode);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const order: Mode[] = round % 2 === 1 ? ['screenshot', 'branding'] : ['branding', 'screenshot'];
      for (const mode of order) {
        const result = await batch(stack, urls(round, mode, SCRAPES_PER_ROUND), mode);
        totals[mode].scrapes += SCRAPES_PER_ROUND;
        totals[mode].cpuSeconds += result.cpuSeconds;
        totals[mode].wallMs.push(...result.wallMs);
      }
      process.stdout.write(
        `round ${round}: ${(['screenshot', 'branding'] as const).map((mode) => `${mode} ${describe(totals[mode])}`).join('; ')}\n`,
      );
    }
    writeSection(totals);
  } finally {
    await stack.stop();
    await infrastructure.stop();
    await site.close();
  }
}

function perScrape(totals: Totals): { cpuMs: number; wallP50: number; wallMean: number } {
  return {
    cpuMs: (totals.cpuSeconds * 1000) / totals.scrapes,
    wallP50: median(totals.wallMs),
    wallMean: totals.wallMs.reduce((sum, value) => sum + value, 0) / totals.wallMs.length,
  };
}

function describe(totals: Totals): string {
  const figures = perScrape(totals);
  return `${figures.cpuMs.toFixed(1)} ms CPU, ${figures.wallP50.toFixed(1)} ms p50`;
}

function writeSection(totals: Record<Mode, Totals>): void {
  const screenshot = perScrape(totals.screenshot);
  const branding = perScrape(totals.branding);
  const row = (label: string, figures: typeof screenshot, scrapes: number): string =>
    `| ${label} | ${scrapes} | ${figures.cpuMs.toFixed(1)} | ${(figures.cpuMs / screenshot.cpuMs).toFixed(2)} | ${figures.wallP50.toFixed(1)} | ${(figures.wallP50 / screenshot.wallP50).toFixed(2)} | ${figures.wallMean.toFixed(1)} |`;
  const section = `## Branding

Measured by \`npm run bench:branding\` (bench/branding/run.ts) on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores,
Node ${process.version}, one run. The pages are the three branding fixtures (\`/branding/light\`, \`/dark\`, \`/svg-logo\`:
landing pages with a header, a hero, buttons, cards and prose), scraped through \`/v2/scrape\` one at a time with
\`maxAge: 0\`, ${ROUNDS} rounds of ${SCRAPES_PER_ROUND} scrapes per mode, the modes alternating. CPU is every process of the stack
(gateway, worker, extract-service without an LLM, billing) and the worker's Chromium; the target is a branding
scrape at most 1.5x a plain screenshot scrape.

| scrape | scrapes | CPU ms per scrape | CPU ratio | wall p50 ms | wall ratio | wall mean ms |
|---|---|---|---|---|---|---|
${row('`formats: ["screenshot"]` (viewport PNG)', screenshot, totals.screenshot.scrapes)}
${row('`formats: ["branding"]`', branding, totals.branding.scrapes)}
`;
  writeReportSection('branding', section);
  process.stdout.write(`${section}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
