import { cpus } from 'node:os';
import { callApi, provideChromium, provideInfrastructure, startFixtureServer, startStack } from '@wh/testing';
import { processTreePssBytes } from '@wh/platform/chromium';
import { plainPuppeteerLoop } from './plain-loop';
import { writeReportSection } from '../report-section';

const PAGES = Number(process.env.BENCH_BROWSER_PAGES ?? 2_000);
const BASELINE_PAGES = Number(process.env.BENCH_BROWSER_BASELINE_PAGES ?? 200);
const CONCURRENCY = 8;
const MEMORY_SAMPLES = 10;
const SECTION = '## Browser engine';

interface EngineRun {
  pages: number;
  /** Requests that did not come back rendered, by status and code. */
  failures: Record<string, number>;
  seconds: number;
  /** Worker + Chromium memory (MB, PSS) after each tenth of the pages. */
  memory: number[];
}

/**
 * `npm run bench:browser`: script-rendered fixture pages through /v2/scrape (HTTP engine, then the Chromium
 * pool, incognito contexts and their pages reused after a wipe) next to a plain puppeteer-core loop in the same run, and the
 * worker's memory over the run. Writes the "Browser engine" section of docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const chromiumPath = await provideChromium();
  const site = await startFixtureServer();
  const urls = (count: number, tag: string): string[] =>
    Array.from({ length: count }, (_, index) => `${site.url}/app/rendered?${tag}=${index}`);

  const baseline = await plainPuppeteerLoop(chromiumPath, urls(BASELINE_PAGES, 'plain'));
  process.stdout.write(`plain loop: ${JSON.stringify(baseline)}\n`);

  const infrastructure = await provideInfrastructure();
  const stack = await startStack(infrastructure, {
    services: ['api-gateway', 'scrape-worker', 'billing-service'],
    env: { LOG_LEVEL: 'info', CHROMIUM_PATH: chromiumPath },
    label: 'bench-browser',
  });
  try {
    const workerPid = stack.processes.get('scrape-worker')?.pid;
    if (workerPid === undefined) throw new Error('no scrape-worker process');
    const engine = await renderThroughApi(stack, urls(PAGES, 'engine'), workerPid);
    process.stdout.write(`engine: ${JSON.stringify(engine)}\n`);
    writeSection(baseline, engine);
  } finally {
    await stack.stop();
    await infrastructure.stop();
    await site.close();
  }
}

async function renderThroughApi(
  stack: Parameters<typeof callApi>[0],
  urls: string[],
  workerPid: number,
): Promise<EngineRun> {
  const memory: number[] = [];
  const failures: Record<string, number> = {};
  const sampleEvery = Math.max(1, Math.floor(urls.length / MEMORY_SAMPLES));
  let next = 0;
  let done = 0;
  const started = process.hrtime.bigint();
  const lane = async (): Promise<void> => {
    while (next < urls.length) {
      const url = urls[next];
      next += 1;
      const response = await callApi(stack, 'POST', '/v2/scrape', { url, maxAge: 0 });
      const data = response.body.data as { markdown?: string; metadata?: { engine?: string } } | undefined;
      if (
        response.status !== 200 ||
        !data?.markdown?.includes('Copper kettle') ||
        data.metadata?.engine !== 'chromium'
      ) {
        const code =
          typeof response.body.code === 'string' ? response.body.code : `engine ${data?.metadata?.engine ?? 'none'}`;
        const kind = `${response.status} ${code}`;
        failures[kind] = (failures[kind] ?? 0) + 1;
      }
      done += 1;
      if (done % sampleEvery === 0) memory.push(Math.round(processTreePssBytes(workerPid) / (1024 * 1024)));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, () => lane()));
  return { pages: urls.length, failures, seconds: Number(process.hrtime.bigint() - started) / 1e9, memory };
}

function writeSection(baseline: { pages: number; seconds: number }, engine: EngineRun): void {
  const baselineRate = baseline.pages / baseline.seconds;
  const rendered = engine.pages - Object.values(engine.failures).reduce((sum, count) => sum + count, 0);
  const engineRate = rendered / engine.seconds;
  const failures = Object.entries(engine.failures).map(([kind, count]) => `${count} × ${kind}`);
  const section = `${SECTION}

Measured by \`npm run bench:browser\` (bench/browser/run.ts) on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores,
Node ${process.version}, one run. The page is the script-rendered fixture \`/app/rendered\` (an empty shell whose
script fetches its content), so every page is first fetched by the HTTP engine, found unrendered, then rendered
in Chromium in an incognito context of its own (reused by later scrapes after its cookies, storage and cache are
wiped, at most \`BROWSER_CONTEXT_REUSES\` times), emulation and a wait for the network to go quiet (no filter lists
and private targets allowed, so no request interception), then converted to markdown.

| run | pages | pages/s | ratio |
|---|---|---|---|
| plain puppeteer-core loop, one page at a time, no API | ${baseline.pages} | ${baselineRate.toFixed(2)} | 1.00 |
| /v2/scrape, ${CONCURRENCY} requests in flight, one worker (BROWSER_MAX_PAGES 4) | ${rendered} of ${engine.pages} | ${engineRate.toFixed(2)} | ${(engineRate / baselineRate).toFixed(2)} |

Requests not rendered: ${failures.length > 0 ? failures.join(', ') : 'none'}.

Worker memory (the scrape-worker process and its Chromium, PSS, MB) after each tenth of the ${engine.pages} pages:
${engine.memory.join(', ')}.
`;
  writeReportSection('browser', section);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
