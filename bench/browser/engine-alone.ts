import 'reflect-metadata';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalFolderStorage } from '@wh/platform/storage';
import { provideChromium, resolvedScrapeOptions, startFixtureServer } from '@wh/testing';
import { AdBlocker } from '../../apps/scrape-worker/src/browser/ad-blocker';
import { BrowserEngine } from '../../apps/scrape-worker/src/browser/browser-engine';
import { BrowserPool } from '../../apps/scrape-worker/src/browser/browser-pool';
import { ScrapeFileStore } from '../../apps/scrape-worker/src/files/scrape-file-store';
import { plainPuppeteerLoop } from './plain-loop';

const PAGES = Number(process.env.BENCH_ENGINE_PAGES ?? 40);
const ROUNDS = Number(process.env.BENCH_ENGINE_ROUNDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_ENGINE_CONCURRENCY ?? 4);

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds of this process and of every child it has waited for: a closed browser's processes all count here,
 * so the figure does not depend on how busy the other engineers keep the machine.
 */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND;
  const own = process.cpuUsage();
  return children + (own.user + own.system) / 1e6;
}

interface Rates {
  pagesPerSecond: number;
  cpuMsPerPage: number;
}

async function measured(pages: number, run: () => Promise<void>): Promise<Rates> {
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  await run();
  return {
    pagesPerSecond: pages / ((performance.now() - started) / 1000),
    cpuMsPerPage: ((cpuSeconds() - cpuBefore) * 1000) / pages,
  };
}

function describe(rates: Rates, plain: Rates): string {
  return `${rates.pagesPerSecond.toFixed(2)} p/s (${(rates.pagesPerSecond / plain.pagesPerSecond).toFixed(2)}x), ${Math.round(rates.cpuMsPerPage)} ms CPU/page`;
}

/**
 * Quick iterations on the engine alone (no API, no broker): the Chromium pool and BrowserEngine in this process,
 * a new context per scrape against reused wiped contexts, interleaved with the plain puppeteer-core loop, so
 * every ratio comes from the same minutes of machine load.
 */
async function main(): Promise<void> {
  const chromiumPath = await provideChromium();
  const site = await startFixtureServer();
  const files = new ScrapeFileStore(
    new LocalFolderStorage(mkdtempSync(path.join(tmpdir(), 'wh-bench-files-'))),
    60_000,
  );
  const adBlocker = await AdBlocker.fromListFiles([]);
  let batch = 0;
  const urls = (): string[] => {
    batch += 1;
    return Array.from({ length: PAGES }, (_, index) => `${site.url}/app/rendered?batch=${batch}&page=${index}`);
  };
  // Each run counts its browser's start and close too, so its CPU is all in the figure; the plain loop's as well.
  const engineRun = (contextReuses: number): Promise<Rates> =>
    measured(PAGES, async () => {
      const pool = new BrowserPool({
        executablePath: chromiumPath,
        hostResolverRules: '',
        maxPages: CONCURRENCY,
        recycleAfterPages: 500,
        maxMemoryBytes: 4096 * 1024 * 1024,
        contextReuses,
        ownerScope: 'bench.engine-alone',
      });
      const engine = new BrowserEngine(pool, files, { allowPrivateTargets: true, adBlocker });
      const queue = urls();
      const lane = async (): Promise<void> => {
        for (let url = queue.shift(); url; url = queue.shift()) {
          const page = await engine.render({
            url,
            teamId: 'bench',
            options: resolvedScrapeOptions(),
            deadlineAt: Date.now() + 60_000,
          });
          if (!page.response.text?.includes('Copper kettle')) throw new Error(`not rendered: ${url}`);
        }
      };
      try {
        await Promise.all(Array.from({ length: CONCURRENCY }, () => lane()));
      } finally {
        await pool.close();
      }
    });
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const plain = await measured(PAGES, async () => {
        await plainPuppeteerLoop(chromiumPath, urls());
      });
      const fresh = await engineRun(1);
      const reused = await engineRun(50);
      process.stdout.write(
        `round ${round}: plain ${plain.pagesPerSecond.toFixed(2)} p/s, ${Math.round(plain.cpuMsPerPage)} ms CPU/page; ` +
          `context per scrape ${describe(fresh, plain)}; reused contexts ${describe(reused, plain)}\n`,
      );
    }
  } finally {
    await site.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
